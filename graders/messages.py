"""The grader's words to a learner, in English and Korean.

A `Text` reads as its English sentence wherever a plain string is expected (reports, logs, the
command line) and keeps its code and values, so that the app can show it in the learner's
language. Values are numbers, shapes and names: the same in every language.
"""

from __future__ import annotations

from collections.abc import Iterable

LOCALES = ("en", "ko")
SEPARATOR = "; "

TEMPLATES: dict[str, dict[str, str]] = {
    # why results stopped coming
    "time_limit": {"en": "time limit exceeded", "ko": "시간 제한을 넘었습니다"},
    "cpu_limit": {"en": "CPU time limit exceeded", "ko": "CPU 시간 제한을 넘었습니다"},
    "output_limit": {"en": "output limit exceeded", "ko": "출력 크기 제한을 넘었습니다"},
    "memory_limit": {"en": "memory limit exceeded", "ko": "메모리 제한을 넘었습니다"},
    "stream_corrupted": {"en": "the code wrote into the grader's result stream",
                         "ko": "코드가 채점기의 결과 스트림에 끼어들어 썼습니다"},
    "killed": {"en": "the process was killed by {signal}",
               "ko": "프로세스가 {signal} 신호로 강제 종료되었습니다"},
    "exited_early": {"en": "the process exited before finishing (sys.exit or os._exit?)",
                     "ko": "프로세스가 끝나기 전에 종료되었습니다 (sys.exit 또는 os._exit?)"},
    "not_run": {"en": "not run", "ko": "실행되지 않음"},
    "raised": {"en": "raised {error}", "ko": "{error} 예외가 발생했습니다"},
    "failed_to_load": {"en": "the code failed while loading for the hidden tests",
                       "ko": "숨겨진 테스트를 위해 코드를 불러오다가 실패했습니다"},
    "missing_entry_point": {"en": "the code defines no function named {name!r}",
                            "ko": "코드에 {name!r} 함수가 없습니다"},
    # the shape of an output
    "nested_too_deeply": {"en": "output nested too deeply",
                          "ko": "출력이 너무 깊게 중첩되어 있습니다"},
    "numbers_only": {"en": "output must contain numbers only",
                     "ko": "출력에는 숫자만 있어야 합니다"},
    "ragged": {"en": "output is ragged: rows of different lengths",
               "ko": "출력의 행 길이가 서로 다릅니다"},
    "malformed": {"en": "the output is not a rectangular array of numbers",
                  "ko": "출력이 직사각형 모양의 숫자 배열이 아닙니다"},
    "shape": {"en": "the output has the wrong shape", "ko": "출력의 모양(shape)이 틀렸습니다"},
    "shape_detail": {"en": "expected shape {expected}, got {got}",
                     "ko": "기대한 모양은 {expected}인데 {got}입니다"},
    "a_scalar": {"en": "a scalar", "ko": "스칼라"},
    "nonfinite": {"en": "the output contains NaN or infinity",
                  "ko": "출력에 NaN 또는 무한대가 있습니다"},
    # values
    "values": {"en": "wrong answer: the values differ from the expected output",
               "ko": "오답: 값이 기대 출력과 다릅니다"},
    "values_detail": {"en": "values differ from the expected output (largest difference {error})",
                      "ko": "값이 기대 출력과 다릅니다 (가장 큰 차이 {error})"},
    "values_detail_at": {
        "en": "values differ from the expected output (largest difference {error} at index {at})",
        "ko": "값이 기대 출력과 다릅니다 (가장 큰 차이 {error}, 위치 {at})"},
    "property": {"en": "wrong answer: a required property does not hold",
                 "ko": "오답: 지켜야 할 성질이 성립하지 않습니다"},
    # declared properties
    "weights_not_array": {"en": "weights must be an array", "ko": "가중치는 배열이어야 합니다"},
    "rows_sum_to_one": {"en": "each row of weights must sum to 1",
                        "ko": "가중치의 각 행은 합이 1이어야 합니다"},
    "nonnegative": {"en": "weights must not be negative", "ko": "가중치는 음수가 될 수 없습니다"},
    # case checks
    "same_rows_as": {"en": "changing later tokens changed earlier outputs: "
                           "information leaks from the future",
                     "ko": "뒤쪽 토큰을 바꾸었더니 앞쪽 출력이 바뀌었습니다: "
                           "미래의 정보가 새어 들어옵니다"},
    "equal_to": {"en": "the output must be the same as in the case it is compared with",
                 "ko": "비교 대상 케이스와 출력이 같아야 합니다"},
    "permuted_from": {"en": "permuting the tokens must permute the outputs the same way",
                      "ko": "토큰의 순서를 바꾸면 출력도 똑같이 순서만 바뀌어야 합니다"},
    "row_norms_equal_to_arg": {"en": "rotations must preserve the length of every vector",
                               "ko": "회전은 모든 벡터의 길이를 보존해야 합니다"},
    "equal_dot_products": {"en": "the score between two positions must depend only on "
                                 "their distance",
                           "ko": "두 위치 사이의 점수는 둘 사이의 거리에만 의존해야 합니다"},
    "no_compared_output": {"en": "the output on the case it is compared with is missing "
                                 "or invalid",
                           "ko": "비교 대상 케이스의 출력이 없거나 올바르지 않습니다"},
    "check_misfit": {"en": "the output does not fit the check ({error})",
                     "ko": "출력이 이 검사에 맞지 않습니다 ({error})"},
    "shapes_differ": {"en": "shapes {a} and {b} differ", "ko": "모양이 서로 다릅니다: {a}, {b}"},
    "difference_at": {"en": "largest difference {error}, first at index {at}",
                      "ko": "가장 큰 차이 {error}, 처음 다른 위치 {at}"},
    "rows_expected": {"en": "{n} rows expected", "ko": "행이 {n}개여야 합니다"},
    "dot_products": {"en": "dot products {dots}", "ko": "내적 {dots}"},
    # words that came from elsewhere (a Python exception's message): the same in every locale
    "verbatim": {"en": "{text}", "ko": "{text}"},
    # words a challenge's author wrote, in each locale they wrote (English where none)
    "authored": {"en": "{text}", "ko": "{text}"},
}


class Text(str):
    """A message made of one or more templated parts; as a string, its English sentence."""

    parts: tuple[tuple[str, tuple[tuple[str, object], ...]], ...]

    def __new__(cls, code: str, **values: object) -> Text:
        return cls._of(((code, tuple(sorted(values.items()))),))

    @classmethod
    def _of(cls, parts: tuple) -> Text:
        text = super().__new__(cls, SEPARATOR.join(_render(part, "en") for part in parts))
        text.parts = parts
        return text

    def __reduce__(self) -> tuple:
        """Copy and pickle by parts (the default would call __new__ with the English text)."""
        return _from_parts, (self.parts,)

    def render(self, lang: str) -> str:
        """Return the message in `lang` (English when there is no template in that locale)."""
        return SEPARATOR.join(_render(part, lang) for part in self.parts)


class Words(tuple):
    """A challenge author's words by locale, as ((locale, text), ...): a value of a Text."""

    @classmethod
    def of(cls, words: dict[str, str]) -> Words:
        """Return the words of a {"en": ..., "ko": ...} table (it must have "en")."""
        return cls(sorted(words.items()))

    def render(self, lang: str) -> str:
        """Return the words in `lang`, or in English when the author wrote none there."""
        table = dict(self)
        return table.get(lang) or table["en"]


def _from_parts(parts: tuple) -> Text:
    return Text._of(parts)


def text_of(message: str) -> Text:
    """Return `message` as a Text: itself if it is one, else its words unchanged."""
    return message if isinstance(message, Text) else Text("verbatim", text=message)


def join(messages: Iterable[str]) -> Text:
    """Join messages into one, each part rendered in the reader's language."""
    return Text._of(tuple(part for m in messages if m for part in text_of(m).parts))


def _render(part: tuple, lang: str) -> str:
    code, values = part
    templates = TEMPLATES[code]
    shown = {name: value.render(lang) if isinstance(value, (Text, Words)) else value
             for name, value in values}
    return (templates.get(lang) or templates["en"]).format(**shown)

