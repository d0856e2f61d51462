"""Jobs that follow each other in one long-lived container share nothing (docs/security.md)."""

from __future__ import annotations

import pytest
from abuse_harness import CHALLENGES, SUBMISSIONS

from graders.challenge.spec import load_challenge
from graders.grading.grade import grade
from graders.grading.prepare import prepare
from graders.protocol import call_job, parse_run
from graders.sandbox.base import Limits
from graders.sandbox.containers import DockerSandbox
from graders.verdicts import Verdict

pytestmark = pytest.mark.sandbox
PAIRS = [("crossjob_plant_live.py", "crossjob_check_live.py")]


@pytest.fixture(scope="module")
def one_box(make_sandbox):
    """A Docker backend whose pool holds one box, so that each job follows the last in it."""
    sandbox = make_sandbox("docker")
    sandbox.close()
    single = DockerSandbox(sandbox.client, sandbox.image, pool_size=1)
    spec = load_challenge(CHALLENGES / "softmax")
    yield single, spec, prepare(spec, single)
    single.close()


@pytest.mark.parametrize(("plant", "check"), PAIRS)
def test_the_next_job_in_the_same_container_meets_nothing_of_the_last(one_box, plant, check):
    sandbox, spec, prepared = one_box
    planted = grade(spec, prepared, (SUBMISSIONS / plant).read_text(), sandbox)
    assert planted.verdict == Verdict.ACCEPTED, planted.to_json()
    (box,) = sandbox.pool.ready
    before = (box.container.id, box.jobs)
    checked = grade(spec, prepared, (SUBMISSIONS / check).read_text(), sandbox)
    assert checked.verdict == Verdict.ACCEPTED, checked.to_json()
    (after,) = sandbox.pool.ready
    assert (after.container.id, after.jobs) == (before[0], before[1] + 1)  # the same box again
    (hidden,) = sandbox.hidden_pool.ready  # and the hidden cases, in the hidden pool's one box
    assert hidden.jobs == 2


def test_a_container_where_a_job_left_files_is_recycled_before_the_next(one_box):
    sandbox, spec, prepared = one_box
    box = sandbox.pool.take(wait=30)  # the pool's one box, which the next job borrows
    sandbox.pool.give_back(box)
    planted = grade(spec, prepared, (SUBMISSIONS / "state_plant.py").read_text(), sandbox)
    assert planted.verdict == Verdict.ACCEPTED, planted.to_json()
    checked = grade(spec, prepared, (SUBMISSIONS / "state_check.py").read_text(), sandbox)
    assert checked.verdict == Verdict.ACCEPTED, checked.to_json()
    assert not sandbox.pool.owns(box)  # spent: files outside its scratch


#: A job that answers what it draws: Python's `random`, NumPy's global state, and the hash of
#: a string (its secret is the interpreter's, chosen when the container's PID 1 started).
DRAWS = call_job("import random\nimport numpy\n\ndef f(x):\n"
                 "    return [random.random(), float(numpy.random.random()),\n"
                 "            hash('arena') % 2**52]\n", "f", [{"args": [[]], "kwargs": {}}],
                 "solution.py", [10])


def _draws(sandbox) -> list:
    (result,) = parse_run(sandbox.run(DRAWS, Limits()).stdout).results
    return result["output"]


def test_each_job_in_the_same_container_draws_random_numbers_of_its_own(one_box):
    """Found by the red team: every job of a warm container started with PID 1's NumPy state,
    so each drew the same numbers. What the jobs still share is the string hash secret
    (docs/security.md, "What jobs of one container share")."""
    sandbox = one_box[0]
    first = _draws(sandbox)
    (box,) = sandbox.pool.ready
    before = (box.container.id, box.jobs)
    second = _draws(sandbox)
    (after,) = sandbox.pool.ready
    assert (after.container.id, after.jobs) == (before[0], before[1] + 1)  # the same box
    assert first[0] != second[0], "random.random() repeats between jobs"
    assert first[1] != second[1], "numpy.random.random() repeats between jobs"
    assert first[2] == second[2]  # the one thing shared, and why it may be: docs/security.md
