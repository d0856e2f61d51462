"""What a hidden row may say: fixed categories only, never what the learner's code chose.

A box that held hidden inputs is a channel (docs/security.md): the learner's exception names,
messages, outputs and timings from it could carry those inputs out. A hidden row shows whether
it passed, a fixed category, the named bug and an exception type from this allow-list.
"""

from __future__ import annotations

from graders.messages import Text

SHOWN_ERRORS = frozenset({
    "ArithmeticError", "AssertionError", "AttributeError", "FloatingPointError", "IndexError",
    "KeyError", "LookupError", "MemoryError", "NameError", "NotImplementedError",
    "OverflowError", "RecursionError", "RuntimeError", "TypeError", "UnboundLocalError",
    "ValueError", "ZeroDivisionError",
    "UFuncTypeError",  # NumPy's, for a result it cannot cast into an array of another type
    # the runner's own: what the entry point returned could not be read as numbers, or the
    # call changed an argument it may not change
    "OutputTooLarge", "UnsupportedOutput", "ChangedArgument",
})
GENERIC_ERROR = "Exception"


def hidden_error(error_type: str) -> str:
    """Return an exception type's name if it is allow-listed, else the generic one."""
    return error_type if error_type in SHOWN_ERRORS else GENERIC_ERROR


#: The runner's own refusals of an answer, said as the category they stand for.
RUNNER_REFUSALS = {"OutputTooLarge": "output_limit", "UnsupportedOutput": "malformed",
                   "ChangedArgument": "changed_an_argument"}


def raised(error_type: str) -> Text:
    """Say that a case raised an exception of this (allow-listed) type."""
    if error_type in RUNNER_REFUSALS:
        return Text(RUNNER_REFUSALS[error_type])
    return Text("raised", error=error_type)
