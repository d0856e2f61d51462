"""A numerical breakdown is the submission's diagnosis where no bug is named, in the reader's
language, with the case's name in that language."""

from arena.models import TestResult
from arena.presenters.submissions import breakdown
from graders.messages import Text, Words, join


def row(message: Text) -> TestResult:
    return TestResult(name="big", hidden=True, passed=False, message=str(message),
                      message_data=message.to_data())


def test_the_first_breakdown_is_said_alone(app):
    case = Words.of({"en": "logits near 1000", "ko": "1000 근처의 로짓"})
    rows = [row(Text("values")), row(join([Text("nonfinite"), Text("breakdown", case=case)]))]
    with app.test_request_context():
        english = breakdown(rows, "en")
        korean = breakdown(rows, "ko")
        assert breakdown(rows[:1], "en") is None
    assert english.startswith("a numerical breakdown on logits near 1000: NaN, infinity")
    assert "NaN or infinity" not in english  # the row's own message stays on the row
    assert korean.startswith("1000 근처의 로짓에서 수치 계산이 무너졌습니다")
