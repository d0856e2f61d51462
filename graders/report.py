"""What grading produces: plain data that the app stores and shows."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from graders.messages import text_of
from graders.protocol import TIERS
from graders.verdicts import Verdict


@dataclass
class TestReport:
    """One test's result. `input`, `expected`, `got`, `weights`, `line` and `traceback` are for
    public tests only.

    `message` is a graders.messages.Text (codes and values) or plain words; `names` holds the
    test's name in the other locales its author wrote: {"ko": ...}.
    """

    __test__ = False  # a result, not a pytest test class

    name: str
    hidden: bool
    passed: bool
    message: str = ""
    error_type: str | None = None
    mutant: str | None = None  # the named bug, when it explains this test
    explanation: dict[str, str] | None = None  # the named bug's explanation, by locale
    input: Any = None
    expected: Any = None
    got: Any = None
    seconds: float | None = None
    weights: list | None = None
    line: int | None = None  # where the learner's code failed (public tests only)
    traceback: str | None = None  # the learner's own frames (public tests only)
    names: dict[str, str] = field(default_factory=dict)
    tier: str = TIERS[0]  # the case's tier


@dataclass
class GradeReport:
    """A graded run of one piece of code against a challenge's cases."""

    verdict: Verdict
    tests: list[TestReport] = field(default_factory=list)
    message: str = ""
    output: str = ""
    named_mutant: str | None = None  # the named bug (graders.judging.diagnosis)
    breakdowns: list[str] = field(default_factory=list)  # cases where the arithmetic broke down

    @property
    def passed(self) -> int:
        """Count the tests that passed."""
        return sum(t.passed for t in self.tests)

    @property
    def total(self) -> int:
        """Count the tests."""
        return len(self.tests)

    def to_json(self) -> dict:
        """Return the report as JSON-ready data."""
        return {"verdict": str(self.verdict), "message": text_of(self.message).to_data(),
                "output": self.output, "named_mutant": self.named_mutant,
                "breakdowns": self.breakdowns,
                "tests": [{**asdict(t), "message": text_of(t.message).to_data()}
                          for t in self.tests]}
