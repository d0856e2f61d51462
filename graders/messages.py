"""The grader's words: codes with values, and each code's English template.

The engine speaks no language of its own. A `Text` is one or more (code, values) parts; it
reads as its English sentence wherever a plain string is expected (reports, logs, the command
line), and `to_data()` keeps its codes and values, so that the app stores those and renders
them when a reader asks, in the reader's language, through its gettext catalogs (the English
template is the msgid: platform/arena/translations). Values are numbers, shapes and names,
the same in every language; an author's words come in the author's languages (`Words`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

SEPARATOR = "; "


def N_(template: str) -> str:  # noqa: N802 - the name gettext tools look for
    """Mark a template for the translators' catalog (pybabel extract -k N_); change nothing."""
    return template


TEMPLATES: dict[str, str] = {
    # why results stopped coming
    "time_limit": N_("time limit exceeded"),
    "cpu_limit": N_("CPU time limit exceeded"),
    "output_limit": N_("output limit exceeded"),
    "memory_limit": N_("memory limit exceeded"),
    "stream_corrupted": N_("the code wrote into the grader's result stream"),
    "killed": N_("the process was killed by {signal}"),
    "exited_early": N_("the process exited before finishing (sys.exit or os._exit?)"),
    "not_run": N_("not run"),
    "raised": N_("raised {error}"),
    "failed_to_load": N_("the code failed while loading for the hidden tests"),
    "changed_argument": N_(
        "your function changed its argument {name}: the inputs are read-only, copy one "
        "before changing it"),
    "changed_an_argument": N_(
        "your function changed one of its arguments: the inputs are read-only"),
    "missing_entry_point": N_("the code defines no function named {name!r}"),
    # the shape of an output
    "nested_too_deeply": N_("output nested too deeply"),
    "numbers_only": N_("output must contain numbers only"),
    "ragged": N_("output is ragged: rows of different lengths"),
    "malformed": N_("the output is not a rectangular array of numbers"),
    "shape": N_("the output has the wrong shape"),
    "shape_detail": N_("expected shape {expected}, got {got}"),
    "a_scalar": N_("a scalar"),
    "nonfinite": N_("the output contains NaN or infinity"),
    "breakdown": N_(
        "a numerical breakdown on {case}: NaN, infinity or an overflow appeared. Look for a "
        "value that grows out of range (exp of a large number) or a division by something "
        "that can be zero or tiny, and keep every intermediate value in range"),
    # values
    "values": N_("wrong answer: the values differ from the expected output"),
    "values_detail": N_("values differ from the expected output (largest difference {error})"),
    "values_detail_at": N_(
        "values differ from the expected output (largest difference {error} at index {at})"),
    "relative_error": N_(
        "wrong answer: the values differ from the expected output (worst relative error "
        "{error})"),
    "relative_error_at": N_(
        "wrong answer: the values differ from the expected output (worst relative error "
        "{error} at index {at})"),
    "numerics_tier": N_(
        "a numerics case: its values test the limits of floating point that the statement "
        "allows"),
    "property": N_("wrong answer: a required property does not hold"),
    # declared properties
    "weights_not_array": N_("weights must be an array"),
    "rows_sum_to_one": N_("each row of weights must sum to 1"),
    "nonnegative": N_("weights must not be negative"),
    # case checks
    "same_rows_as": N_(
        "earlier outputs differ from those of a case with the same earlier tokens: later "
        "tokens leak into earlier outputs, or the function keeps something from one call to "
        "the next"),
    "equal_to": N_("the output must be the same as in the case it is compared with"),
    "permuted_from": N_("permuting the tokens must permute the outputs the same way"),
    "row_norms_equal_to_arg": N_("rotations must preserve the length of every vector"),
    "equal_dot_products": N_("the score between two positions must depend only on their distance"),
    "no_compared_output": N_("the output on the case it is compared with is missing or invalid"),
    "check_misfit": N_("the output does not fit the check ({error})"),
    "shapes_differ": N_("shapes {a} and {b} differ"),
    "difference_at": N_("largest difference {error}, first at index {at}"),
    "rows_expected": N_("{n} rows expected"),
    "dot_products": N_("dot products {dots}"),
    # the rules under every statement (graders.challenge.rules)
    "rule_arguments_read_only": N_(
        "The arguments are read-only: your function must not change them (copy one first "
        "to work on it in place)."),
    "rule_arguments_mutable": N_(
        "Your function may change {names}; every other argument is read-only."),
    "rule_float32": N_(
        "Float32 code is accepted: outputs are compared with a relative tolerance of at "
        "least {rtol} and an absolute tolerance of at least {atol}, room enough for "
        "float32's rounding."),
    "rule_float64": N_(
        "Compute in float64: outputs are compared with a relative tolerance of {rtol} and an "
        "absolute tolerance of {atol}, tighter than float32's rounding."),
    "rule_libraries": N_("You may import {libraries} and Python's standard library."),
    "rule_limits": N_(
        "Each run of the tests has {seconds} seconds and {memory} MB of memory."),
    # words that came from elsewhere (a Python exception's message): the same in every locale
    "verbatim": N_("{text}"),
    # words a challenge's author wrote, in each locale they wrote (English where none)
    "authored": N_("{text}"),
}


class Text(str):
    """A message made of one or more templated parts; as a string, its English sentence."""

    parts: tuple[tuple[str, tuple[tuple[str, object], ...]], ...]

    def __new__(cls, code: str, **values: object) -> Text:
        return cls._of(((code, tuple(sorted(values.items()))),))

    @classmethod
    def _of(cls, parts: tuple) -> Text:
        text = super().__new__(cls, SEPARATOR.join(_render(part, str, "en") for part in parts))
        text.parts = parts
        return text

    def __reduce__(self) -> tuple:
        """Copy and pickle by parts (the default would call __new__ with the English text)."""
        return _from_parts, (self.parts,)

    def render(self, translate: Callable[[str], str], lang: str) -> str:
        """Return the message with each template passed through `translate` (the reader's
        gettext) and each author's words in `lang`."""
        return SEPARATOR.join(_render(part, translate, lang) for part in self.parts)

    def to_data(self) -> list:
        """Return the codes and values as JSON-ready data (`from_data` reads it back)."""
        return [[code, {name: _value_data(value) for name, value in values}]
                for code, values in self.parts]

    @classmethod
    def from_data(cls, data: list) -> Text:
        """Rebuild a Text from `to_data`'s output; an unknown code reads as its own words."""
        return cls._of(tuple(
            (code, tuple(sorted((name, _value_of(value)) for name, value in values.items())))
            if code in TEMPLATES else ("verbatim", (("text", str(code)),))
            for code, values in data))


class Words(tuple):
    """A challenge author's words by locale, as ((locale, text), ...): a value of a Text."""

    @classmethod
    def of(cls, words: dict[str, str]) -> Words:
        """Return the words of a {"en": ..., "ko": ...} table (it must have "en")."""
        return cls(sorted(words.items()))

    def render(self, translate: Callable[[str], str], lang: str) -> str:
        """Return the words in `lang`, or in English when the author wrote none there."""
        table = dict(self)
        return table.get(lang) or table["en"]


def _value_data(value: object) -> object:
    if isinstance(value, Text):
        return {"text": value.to_data()}
    if isinstance(value, Words):
        return {"words": dict(value)}
    return value


def _value_of(data: object) -> object:
    if isinstance(data, dict) and "text" in data:
        return Text.from_data(data["text"])
    if isinstance(data, dict) and "words" in data:
        return Words.of(data["words"])
    return data


def _from_parts(parts: tuple) -> Text:
    return Text._of(parts)


def text_of(message: str) -> Text:
    """Return `message` as a Text: itself if it is one, else its words unchanged."""
    return message if isinstance(message, Text) else Text("verbatim", text=message)


def join(messages: Iterable[str]) -> Text:
    """Join messages into one, each part rendered in the reader's language."""
    return Text._of(tuple(part for m in messages if m for part in text_of(m).parts))


def _render(part: tuple, translate: Callable[[str], str], lang: str) -> str:
    code, values = part
    shown = {name: value.render(translate, lang) if isinstance(value, (Text, Words)) else value
             for name, value in values}
    return translate(TEMPLATES[code]).format(**shown)
