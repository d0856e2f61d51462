"""The interface's words that are not in a template: names of the engine's codes (verdicts,
statuses, tracks, difficulties) and of the roles, and the scripts' strings, all gettext messages."""

from __future__ import annotations

from flask_babel import lazy_gettext

from arena.models import Role, Visibility
from graders.challenge.spec import Difficulty
from graders.verdicts import Status, Verdict

VERDICTS = {
    Verdict.ACCEPTED: lazy_gettext("Accepted"),
    Verdict.WRONG_ANSWER: lazy_gettext("Wrong answer"),
    Verdict.RUNTIME_ERROR: lazy_gettext("Runtime error"),
    Verdict.TIME_LIMIT_EXCEEDED: lazy_gettext("Time limit exceeded"),
    Verdict.MEMORY_LIMIT_EXCEEDED: lazy_gettext("Memory limit exceeded"),
    Verdict.OUTPUT_LIMIT_EXCEEDED: lazy_gettext("Output limit exceeded"),
    Verdict.COMPILATION_ERROR: lazy_gettext("Syntax error"),
    Verdict.INTERNAL_ERROR: lazy_gettext("Internal error (not your fault)"),
}
STATUSES = {
    Status.QUEUED: lazy_gettext("Queued"),
    Status.RUNNING: lazy_gettext("Running"),
    Status.DONE: lazy_gettext("Done"),
}
DIFFICULTIES = {
    Difficulty.EASY: lazy_gettext("Easy"),
    Difficulty.MEDIUM: lazy_gettext("Medium"),
    Difficulty.HARD: lazy_gettext("Hard"),
}
#: Each visibility's name and who it lets see a challenge, for the authoring form (private
#: first: what a new challenge is unless its author says).
VISIBILITIES = {
    Visibility.COURSE: (lazy_gettext("Private to my courses"), lazy_gettext(
        "Only the members of the courses you teach see it (and admins): in their catalog and "
        "on the course's page. Anyone else is told it does not exist.")),
    Visibility.UNLISTED: (lazy_gettext("Unlisted"), lazy_gettext(
        "Anyone with its link can open it; no catalog lists it.")),
    Visibility.PUBLIC: (lazy_gettext("Public"), lazy_gettext(
        "In everyone's catalog, visitors' included.")),
}

ROLES = {
    Role.STUDENT: lazy_gettext("Student"),
    Role.INSTRUCTOR: lazy_gettext("Instructor"),
    Role.ADMIN: lazy_gettext("Admin"),
}

#: What each declarable output property means, for the authoring form: one per name of the
#: properties registry (graders.declarations.properties.PROPERTIES; tests/web/test_labels.py).
PROPERTIES = {
    "rows_sum_to_one": lazy_gettext("every row sums to 1"),
    "nonnegative": lazy_gettext("no entry is negative"),
    "finite": lazy_gettext("no NaN and no infinity"),
}


def label(table: dict, code: str | None) -> str:
    """Return the translated name of a code, or the code itself when it has none."""
    return str(table[code]) if code in table else (code or "")


#: Every string the scripts write into a page, by the key the scripts ask for. Rendered into
#: each page in the reader's language (`interface_messages`): the front end keeps no words.
SCRIPT_TEXTS = {
    "running_examples": lazy_gettext("Running your code on the public examples…"),
    "submitting": lazy_gettext("Submitting…"),
    "login_required": lazy_gettext("Log in to run and submit your code."),
    "log_in": lazy_gettext("Log in"),
    "view_submission": lazy_gettext("Open this submission"),
    "no_more_hints": lazy_gettext("No more hints"),
    "tests_passed": lazy_gettext("{passed} of {total} tests passed"),
    "test": lazy_gettext("Test"),
    "result": lazy_gettext("Result"),
    "details": lazy_gettext("Details"),
    "expected": lazy_gettext("Expected"),
    "got": lazy_gettext("Got"),
    "input": lazy_gettext("Input"),
    "hidden": lazy_gettext("Hidden test"),
    "public": lazy_gettext("Public example"),
    "passed": lazy_gettext("Passed"),
    "failed": lazy_gettext("Failed"),
    "named_bug": lazy_gettext("Named bug"),
    "feedback_after_due": lazy_gettext("Your instructor shows the named bug and the test "
                                       "results after the due time: {time}."),
    "tests_after_due": lazy_gettext("after the due time"),
    "differs_at": lazy_gettext("Differs at"),
    "and_more": lazy_gettext("and {n} more"),
    "printed": lazy_gettext("What your code printed"),
    "request_failed": lazy_gettext("The request failed: {message}"),
    "network_error": lazy_gettext(
        "Could not reach the server. Check your connection and try again."),
    "still_waiting": lazy_gettext("Still grading after {seconds} s; this page keeps checking."),
    "gave_up": lazy_gettext("No verdict yet. Open your submission later: {url}"),
    "editor_label": lazy_gettext("Python code"),
    "editor_help": lazy_gettext(
        "Tab indents. Esc then Tab leaves the editor. Ctrl+Enter (⌘+Enter) runs."),
    "cell_running": lazy_gettext("Running the cell…"),
    "cell_matches": lazy_gettext("It printed the expected output."),
    "cell_differs": lazy_gettext("It printed something other than the expected output."),
    "cell_error": lazy_gettext("It stopped with {error}."),
    "cell_limit_time": lazy_gettext("It ran out of time and was stopped."),
    "cell_limit_memory": lazy_gettext("It ran out of memory and was stopped."),
    "cell_limit_output": lazy_gettext("It printed too much and was stopped."),
    "cell_failed": lazy_gettext("The platform failed to run this cell. Try again."),
    "cell_stdout": lazy_gettext("Printed"),
    "cell_stderr": lazy_gettext("Errors"),
    "cell_truncated": lazy_gettext("(cut: too long to show in full)"),
    "cell_slow": lazy_gettext("The cell is taking very long; try again later."),
    "reset_done": lazy_gettext("The editor is back to the starter code (Ctrl+Z undoes this)."),
    "draft_restored_server": lazy_gettext(
        "Your draft saved on the server was restored. Reset brings back the starter code."),
    "draft_restored_local": lazy_gettext(
        "Your unsaved edits from this browser were restored. Reset brings back the starter "
        "code."),
    "submission_opened": lazy_gettext(
        "The code of submission {id} is in the editor; editing it replaces your draft."),
    "open_in_editor": lazy_gettext("Open in editor"),
    "caption": lazy_gettext(
        "Attention weights: each row is a token looking, each column a token looked at."),
    "caption_masked": lazy_gettext("Grey cells are hidden by the mask."),
    "looks_at": lazy_gettext("looks at →"),
    "output": lazy_gettext("Output"),
    "sum": lazy_gettext("Sum"),
    "masked": lazy_gettext("masked"),
    "select_row": lazy_gettext(
        "Choose a row (click it, or focus it and press Enter) to see where that token "
        "looks."),
    "row_output": lazy_gettext("“{token}” gives {weights}; its output is {mix} = {out}"),
    "edit_example": lazy_gettext("Edit the example"),
    "token": lazy_gettext("Token"),
    "token_n": lazy_gettext("Token {n}"),
    "vector_entry": lazy_gettext("{matrix} of “{token}”, entry {c}"),
    "add_token": lazy_gettext("Add a token"),
    "remove_token": lazy_gettext("Remove the last token"),
    "reset_example": lazy_gettext("Reset the example"),
    "causal": lazy_gettext("Causal mask: hide the future"),
    "sharpness": lazy_gettext("Sharpness"),
    "sharpness_value": lazy_gettext("×{s} (temperature {t})"),
    "bad_number": lazy_gettext("Not a number: the heatmap keeps the last valid value."),
    "example": lazy_gettext("Example"),
    "yours": lazy_gettext("Your weights"),
    "reference": lazy_gettext("Reference weights"),
    "difference": lazy_gettext("Difference"),
    "run_to_compare": lazy_gettext("Run your code to draw your weights beside the reference's."),
    "weights_unreadable": lazy_gettext(
        "Your weights could not be read on this example (your function failed or returned "
        "no matrix when V was the identity), so the reference's are drawn alone; the "
        "results table compares your outputs with the expected ones."),
    "not_drawable": lazy_gettext(
        "Your result for this example cannot be drawn as weights (wrong shape, or not "
        "numbers)."),
    "no_result_for_example": lazy_gettext("Your last run has no result for this example."),
    # The challenge editor (author.js)
    "editing": lazy_gettext("Edit {slug}"),
    "saving": lazy_gettext("Saving…"),
    "saved": lazy_gettext("Saved as draft version {version}."),
    "not_saved": lazy_gettext("Not saved: fix the problems shown next to the files."),
    "slug_taken": lazy_gettext("Not saved: another challenge has this slug."),
    "line_n": lazy_gettext("line {line}"),
    "mutant_n": lazy_gettext("Mutant {n}"),
    "mutant_named": lazy_gettext("Mutant {n}: {name}"),
    "validating": lazy_gettext("Validating the draft in the sandbox…"),
    "validation_slow": lazy_gettext(
        "The validation is taking very long; reload this page later to see it."),
    "checked_of": lazy_gettext("{done} of {total}"),
    "mutant_caught": lazy_gettext("Caught"),
    "mutant_survived": lazy_gettext("Survived: no test catches it"),
    "nothing_named": lazy_gettext("Nothing named"),
    "yes": lazy_gettext("Yes"),
    "no": lazy_gettext("No"),
    "valid": lazy_gettext(
        "Valid: the reference passes, the starter fails, and every mutant is caught and named. "
        "You can publish."),
    "invalid": lazy_gettext(
        "Not valid: see the problems and the mutants that survive or are not named."),
    "publishing": lazy_gettext("Publishing…"),
    "published": lazy_gettext("Published: version {version} is what learners see now."),
    "rolled_back": lazy_gettext("Version {version} is published again."),
    "publish_again": lazy_gettext("Publish version {version} again"),
    "publish_needs_validation": lazy_gettext(
        "Publish is possible once the saved draft has been validated."),
    "publish_needs_valid": lazy_gettext(
        "The last validation of the draft failed: fix it and validate again."),
    "publish_after_edit": lazy_gettext(
        "Unsaved changes: save and validate them before publishing."),
    "publish_ready": lazy_gettext("The saved draft is valid: Publish makes it what learners see."),
    "nothing_to_publish": lazy_gettext(
        "There is no draft: learners see the latest version. Edit and save to start one."),
    "version_draft": lazy_gettext("Draft"),
    "version_published": lazy_gettext("Published"),
    "version_retired": lazy_gettext("Retired"),
    "version_superseded": lazy_gettext("Replaced"),
    # The course pages (times.js, course.js, gradebook.js)
    "times_in_zone": lazy_gettext("The times are read in your time zone, {zone}."),
    "times_in_local_zone": lazy_gettext("The times are read in your time zone."),
    "copy": lazy_gettext("Copy"),
    "copied": lazy_gettext("Copied."),
    "copy_failed": lazy_gettext("Could not copy: select the link and copy it."),
    "order_help": lazy_gettext(
        "Tick the challenges in the order students should meet them."),
    "order_label": lazy_gettext("The assignment's challenges, in order"),
    "students_shown": lazy_gettext("{shown} of {total} students shown"),
    "regrade_sending": lazy_gettext("Asking for a regrade of {challenge}…"),
    "regrade_queued": lazy_gettext("Regrade of {challenge} queued…"),
    "regrade_progress": lazy_gettext("{done} / {total} regraded, {changed} changed"),
    "regrade_done": lazy_gettext(
        "Regrade done: {done} / {total} regraded, {changed} changed. The gradebook is up to "
        "date."),
    "regrade_failed_items": lazy_gettext(
        "{failed} could not be regraded and keep their verdict."),
    "regrade_slow": lazy_gettext(
        "The regrade is taking very long; reload this page later to see the gradebook."),
    "editorial_locked_one": lazy_gettext(
        "The editorial unlocks when you solve this challenge, or after 1 more graded "
        "submission."),
    "editorial_locked_many": lazy_gettext(
        "The editorial unlocks when you solve this challenge, or after {count} more graded "
        "submissions."),
    "common_bugs": lazy_gettext("Common bugs"),
    "editorial_failed": lazy_gettext("The editorial could not be loaded: {message}"),
    "hidden_group": lazy_gettext("{count} hidden tests"),
    "traceback": lazy_gettext("Traceback (your code's lines only)"),
    "error_at_line": lazy_gettext("Line {line}"),
    "console_calling": lazy_gettext("Calling your function…"),
    "console_returned": lazy_gettext("Returned"),
}


def interface_messages() -> dict[str, str]:
    """Return every string the page's scripts show, in the request's locale."""
    messages = {key: str(text) for key, text in SCRIPT_TEXTS.items()}
    messages.update({code: str(name) for code, name in STATUSES.items()})
    messages.update({code: str(name) for code, name in VERDICTS.items()})
    return messages
