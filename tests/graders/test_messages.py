"""The grader's messages: English where a string is expected, the reader's language through
the app's gettext catalog (here: the Korean one, read directly)."""

import copy
import dataclasses
import json
import pickle
import signal
from pathlib import Path
from string import Formatter

import numpy as np
from babel.messages.pofile import read_po

from graders.declarations.checks import RELATIONS, run_check
from graders.declarations.properties import RowsSumToOne
from graders.judging.compare import compare
from graders.judging.outcome import stop_reason
from graders.messages import TEMPLATES, Text, Words, join, text_of
from graders.protocol import ParsedRun
from graders.report import TestReport
from graders.sandbox.base import RunOutcome

PO = Path(__file__).resolve().parents[2] / "platform/arena/translations/ko/LC_MESSAGES/messages.po"
with PO.open("rb") as handle:
    CATALOG = read_po(handle, locale="ko")


def KO(template: str) -> str:  # noqa: N802 - stands in for gettext under the Korean locale
    message = CATALOG.get(template)
    return message.string if message is not None and message.string else template


def test_a_text_reads_as_english_and_renders_in_korean():
    text = Text("killed", signal="SIGKILL")
    assert text == "the process was killed by SIGKILL"
    assert text.render(KO, "ko") == "프로세스가 SIGKILL 신호로 강제 종료되었습니다"
    assert text.render(str, "fr") == str(text)  # no such locale: English


def test_every_template_has_a_korean_translation_with_the_same_placeholders():
    def fields(template):
        return {name for _, name, _, _ in Formatter().parse(template) if name}

    for code, template in TEMPLATES.items():
        translated = KO(template)
        assert translated != template or template == "{text}", code
        assert fields(template) == fields(translated), code


def test_a_text_round_trips_through_data_with_nested_texts_and_words():
    text = join([Text("shape_detail", expected="2x3", got=Text("a_scalar")),
                 Text("authored", text=Words.of({"en": "order", "ko": "순서"})), "ValueError: x"])
    again = Text.from_data(json.loads(json.dumps(text.to_data())))
    assert again == text and again.render(KO, "ko") == text.render(KO, "ko")
    assert "스칼라" in again.render(KO, "ko") and "순서" in again.render(KO, "ko")
    assert Text.from_data([["no_such_code", {}]]) == "no_such_code"


def test_joined_parts_render_each_in_the_readers_language():
    message = join([RELATIONS["same_rows_as"].message, None, "ValueError: bad (line 3)"])
    assert message == RELATIONS["same_rows_as"].message + "; ValueError: bad (line 3)"
    assert message.render(KO, "ko").startswith("앞쪽 토큰이 같은 경우와 앞쪽 출력이 다릅니다")
    assert message.render(KO, "ko").endswith("; ValueError: bad (line 3)")  # Python's own words


def test_a_text_survives_copying_and_pickling():
    text = join([Text("killed", signal="SIGXCPU"), "ValueError: x"])
    for copied in (copy.deepcopy(text), pickle.loads(pickle.dumps(text))):
        assert copied == text and copied.render(KO, "ko") == text.render(KO, "ko")
    report = dataclasses.asdict(TestReport("t", False, False, message=Text("output_limit")))
    assert report["message"].render(KO, "ko") == "출력 크기 제한을 넘었습니다"


def test_plain_strings_become_verbatim_texts():
    assert text_of("NameError: x").render(KO, "ko") == "NameError: x"
    assert text_of(Text("not_run")).render(KO, "ko") == "실행되지 않음"


def test_judge_mismatches_render_in_korean():
    shape = compare([1.0, 2.0], [[1.0, 2.0]], 1e-5, 1e-6)
    assert shape.detail == "expected shape 1x2, got 2"
    assert shape.detail.render(KO, "ko") == "기대한 모양은 1x2인데 2입니다"
    scalar = compare(1.0, [1.0], 1e-5, 1e-6)
    assert scalar.detail.render(KO, "ko") == "기대한 모양은 1인데 스칼라입니다"
    values = compare([[1.0, 2.5]], [[1.0, 2.0]], 1e-5, 1e-6)
    assert values.detail.render(KO, "ko") == (
        "값이 기대 출력과 다릅니다 (가장 큰 차이 0.5, 위치 [0, 1])")
    assert values.hidden_message(detailed=True).render(KO, "ko") == (
        "오답: 값이 기대 출력과 다릅니다 (가장 큰 상대 오차 1e-1, 위치 [0, 1])")
    malformed = compare(["x"], [1.0], 1e-5, 1e-6)
    assert malformed.detail.render(KO, "ko") == "출력에는 숫자만 있어야 합니다"


def test_properties_and_checks_render_in_korean():
    problem = RowsSumToOne().problem(np.array([[0.5, 0.6]]))
    assert problem.render(KO, "ko") == "가중치의 각 행은 합이 1이어야 합니다"
    failure = run_check({"kind": "equal_to", "case": "a"}, np.ones((2, 2)), np.zeros((2, 2)),
                        [], 1e-5, 1e-6)
    assert failure.message.render(KO, "ko").startswith("비교 대상 케이스와 출력이")
    assert failure.detail.render(KO, "ko") == "가장 큰 차이 1, 처음 다른 위치 [0, 0]"


def test_stop_reasons_render_in_korean():
    def reason(**seen):
        outcome = RunOutcome(stdout=b"", stderr=b"", exit_code=seen.pop("exit_code", 0), **seen)
        return stop_reason(ParsedRun(), outcome)[1].render(KO, "ko")

    assert reason(timed_out=True) == "시간 제한을 넘었습니다"
    assert reason(exit_code=-signal.SIGSEGV) == "프로세스가 SIGSEGV 신호로 강제 종료되었습니다"
    assert reason() == "프로세스가 끝나기 전에 종료되었습니다 (sys.exit 또는 os._exit?)"


def test_a_check_speaks_its_authors_words_in_each_language():
    words = {"en": "the block size must not matter", "ko": "블록 크기와 무관해야 합니다"}
    check = {"kind": "equal_to", "case": "a", "message": words}
    failure = run_check(check, np.ones((2, 2)), np.zeros((2, 2)), [], 1e-5, 1e-6)
    assert failure.message == "the block size must not matter"
    assert failure.message.render(KO, "ko") == "블록 크기와 무관해야 합니다"
    english_only = {**check, "message": {"en": "the block size must not matter"}}
    failure = run_check(english_only, np.ones((2, 2)), np.zeros((2, 2)), [], 1e-5, 1e-6)
    assert failure.message.render(KO, "ko") == "the block size must not matter"
    assert "block" not in RELATIONS["equal_to"].message  # shared words name no challenge
