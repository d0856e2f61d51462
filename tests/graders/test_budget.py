"""A version's budget (graders.grading.budget), through the real process sandbox: cases, input and
output bytes refused with their numbers, the host never reading past a box's share, and one
deadline for a whole preparation or validation."""

import json
import time
from pathlib import Path

import pytest

from graders.authoring.validate import validate
from graders.challenge.spec import load_challenge, load_files
from graders.grading.budget import Budget, OutOfTime
from graders.grading.prepare import PrepareError, prepare

pytestmark = pytest.mark.sandbox
CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"
SMALL = Budget(cases=5, input_bytes=4096, output_bytes=30_000, seconds=30)
HUGE_ANSWER = "def running_max(row):\n    return [0.5] * 2_000_000\n"  # 10 MB of JSON


class Recording:
    """A sandbox that remembers how many bytes of stdout each run handed the host."""

    def __init__(self, sandbox):
        self.sandbox, self.read = sandbox, []
        self.name, self.reason = sandbox.name, sandbox.reason
        self.memory_per_box = sandbox.memory_per_box

    def run(self, job, limits, hidden=False):
        outcome = self.sandbox.run(job, limits, hidden=hidden)
        self.read.append(len(outcome.stdout))
        return outcome


@pytest.fixture(scope="module")
def sandbox(make_sandbox):
    return Recording(make_sandbox("process"))


def _spec(files: dict[str, str]):
    return load_files({path: text.encode() for path, text in files.items()})


def test_a_reference_past_its_share_is_refused_and_never_read_whole(tiny_valid_files, sandbox):
    spec = _spec({**tiny_valid_files, "reference.py": HUGE_ANSWER})
    with pytest.raises(PrepareError) as refused:
        prepare(spec, sandbox, SMALL)
    share = SMALL.output_share(1)
    assert refused.value.file == "reference.py"
    assert f"reference.py's outputs take more than {share:,} bytes (after 0 of 4 cases)" in str(
        refused.value)
    assert "the reference and each mutant (2 in all)" in str(refused.value)
    assert sandbox.read[-1] <= share + 65536  # the cap, and at most one pipe read past it


def test_a_mutant_past_its_share_is_refused_naming_its_file(tiny_valid_files, sandbox):
    # Each answer within the four times the reference's numbers a case allows: 18 kB a case.
    spec = _spec({**tiny_valid_files,
                  "reference.py": "def running_max(row):\n    return [0.5] * 400\n",
                  "mutants/returns_input.py": "def running_max(row):\n    return [0.1234567891]"
                                              " * 1500\n"})
    with pytest.raises(PrepareError) as refused:
        prepare(spec, sandbox, SMALL)
    assert refused.value.file == "mutants/returns_input.py"
    assert f"more than {SMALL.output_share(1):,} bytes" in str(refused.value)


def test_more_cases_than_the_budget_are_refused_with_their_number(tiny_valid_files, sandbox):
    cases = ('def cases():\n    return [{"name": {"en": f"case {i}", "ko": "k"}, "args": [[1.0]],'
             ' "public": i == 0} for i in range(30_000)]\n')
    spec = _spec({**tiny_valid_files, "cases.py": cases})
    with pytest.raises(PrepareError, match="cases take more than 4,096 bytes"):
        prepare(spec, sandbox, SMALL)
    assert sandbox.read[-1] <= SMALL.input_bytes + 65536
    roomy = Budget(cases=100, input_bytes=8 * 1024 * 1024)
    with pytest.raises(PrepareError, match="returned 30,000 cases; a version may have at "
                                           "most 100") as refused:
        prepare(spec, sandbox, roomy)
    assert refused.value.file == "cases.py"


def test_a_preparation_ends_by_its_deadline(tiny_valid_files, sandbox):
    slow = "import time\ntime.sleep(60)\n" + tiny_valid_files["reference.py"]
    spec = _spec({**tiny_valid_files, "reference.py": slow})
    started = time.monotonic()
    with pytest.raises(OutOfTime, match="more than 3 s"):
        prepare(spec, sandbox, Budget(seconds=3))
    assert time.monotonic() - started < 10


def test_a_validation_past_its_seconds_is_a_problem_naming_them(tiny_valid_files, sandbox):
    # Prepared in time; then grading the slow mutant (twice three seconds) passes the budget.
    slow = "import time\ntime.sleep(3)\n" + tiny_valid_files["mutants/returns_input.py"]
    spec = _spec({**tiny_valid_files, "mutants/returns_input.py": slow})
    started = time.monotonic()
    result = validate(spec, sandbox, budget=Budget(seconds=6))
    assert time.monotonic() - started < 12
    assert result.prepared is not None
    assert [p.message for p in result.problems] == [
        "running-max: it took more than 6 s, the most a whole preparation or validation of a "
        "version may take"]


def test_the_largest_challenge_fits_the_default_budget_with_room(sandbox):
    spec = load_challenge(CHALLENGES / "positional-encoding")
    stored = len(json.dumps(prepare(spec, sandbox).to_json()))
    default = Budget()
    assert stored < (default.input_bytes + default.output_bytes) / 2
