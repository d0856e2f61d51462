"""Names shown for the engine's codes (verdicts, statuses, tracks, difficulties), translated."""

from __future__ import annotations

from flask_babel import gettext, lazy_gettext

VERDICTS = {
    "accepted": lazy_gettext("Accepted"),
    "wrong_answer": lazy_gettext("Wrong answer"),
    "runtime_error": lazy_gettext("Runtime error"),
    "time_limit_exceeded": lazy_gettext("Time limit exceeded"),
    "memory_limit_exceeded": lazy_gettext("Memory limit exceeded"),
    "output_limit_exceeded": lazy_gettext("Output limit exceeded"),
    "compilation_error": lazy_gettext("Compilation error"),
    "internal_error": lazy_gettext("Internal error"),
}
STATUSES = {
    "queued": lazy_gettext("Queued"),
    "running": lazy_gettext("Running"),
    "done": lazy_gettext("Done"),
}
TRACKS = {
    "foundations": lazy_gettext("Foundations"),
    "internals": lazy_gettext("Transformer internals"),
    "modern": lazy_gettext("Modern attention"),
}
DIFFICULTIES = {
    "easy": lazy_gettext("Easy"),
    "medium": lazy_gettext("Medium"),
    "hard": lazy_gettext("Hard"),
}


def label(table: dict, code: str | None) -> str:
    """Return the translated name of a code, or the code itself when it has none."""
    return str(table[code]) if code in table else (code or "")


def script_messages() -> dict[str, str]:
    """Return the interface strings the challenge page's script shows, in the request's locale."""
    messages = {
        "expected": gettext("Expected"),
        "got": gettext("Got"),
        "input": gettext("Input"),
        "difference": gettext("Difference"),
        "hidden": gettext("Hidden test"),
        "public": gettext("Public example"),
        "passed": gettext("Passed"),
        "failed": gettext("Failed"),
        "your output matches": gettext("Likely bug"),
        "named_bug": gettext("Likely bug"),
        "printed": gettext("What your code printed"),
        "log_in": gettext("Log in"),
        "tests_passed": gettext("{passed} of {total} tests passed"),
        "output": gettext("What your code printed"),
        "run": gettext("Run"),
        "submit": gettext("Submit"),
        "running_examples": gettext("Running your code on the public examples…"),
        "submitting": gettext("Submitting…"),
        "network_error": gettext("The server could not be reached. Try again."),
        "error": gettext("The request failed: {message}"),
        "login_required": gettext("Log in to run and submit your code."),
        "next_hint": gettext("Show a hint"),
        "no_more_hints": gettext("No more hints"),
        "reset_confirm": gettext("Replace your code with the starter code?"),
        "view_submission": gettext("Open this submission"),
        "your_weights": gettext("Your weights"),
        "reference_weights": gettext("Reference weights"),
        "weights_difference": gettext("Difference"),
        "draft_restored": gettext("Your last draft of this challenge was restored."),
    }
    messages.update({code: str(name) for code, name in STATUSES.items()})
    messages.update({code: str(name) for code, name in VERDICTS.items()})
    return messages
