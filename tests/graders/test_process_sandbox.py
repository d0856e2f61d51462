"""The process sandbox holds: unprivileged, offline, hidden host folders, nothing left behind."""

import os
import signal
import subprocess
import sys
import textwrap
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from graders.protocol import call_job, parse_run
from graders.sandbox import cgroups
from graders.sandbox.base import BoxFailed, Limits
from graders.sandbox.process import BOX_UID_BASE, namespace_prefix
from graders.sandbox.reaper import owner_id
from graders.sandbox.selection import select_sandbox
from tests.torch_required import require_torch

pytestmark = pytest.mark.sandbox
CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"
needs_namespaces = pytest.mark.skipif(
    namespace_prefix() is None and os.environ.get("ARENA_REQUIRE_NAMESPACES") != "1",
    reason="the kernel refuses new namespaces here (CI sets ARENA_REQUIRE_NAMESPACES=1)")


@pytest.fixture(scope="module")
def sandbox():
    return select_sandbox("process")


def probe(sandbox, body, limits=None):
    """Run `body` (the inside of a function returning a list of numbers) and return its output."""
    source = "import os, sys, socket, subprocess\ndef f():\n" + textwrap.indent(body, "    ")
    job = call_job(source, "f", [{"args": [], "kwargs": {}}], "solution.py", [1000])
    outcome = sandbox.run(job, limits or Limits(wall_seconds=10))
    results = parse_run(outcome.stdout).results
    return (results[0].get("output", results[0].get("error_type")) if results else None), outcome


def test_each_box_runs_as_its_own_unprivileged_uid(sandbox):
    first, _ = probe(sandbox, "return [os.getuid(), os.geteuid(), os.getgid()]")
    second, _ = probe(sandbox, "return [os.getuid(), os.geteuid(), os.getgid()]")
    if os.geteuid() == 0:
        assert first[0] == first[1] == first[2] >= BOX_UID_BASE
        assert first != second


def descendants() -> set[int]:
    """Return the processes started by this one, at any depth: the boxes it runs, whole."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()  # after "pid (name)"
        except (OSError, IndexError):
            continue  # gone since the listing
        parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = set(), {os.getpid()}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier}
        found |= frontier
    return found


def wait_for(check, seconds: float, what: str) -> None:
    """Poll `check` until it holds; fail after `seconds`."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"{what}: not within {seconds} s"
        time.sleep(0.05)


@needs_namespaces
def test_a_fork_bomb_elsewhere_does_not_stop_a_box_from_starting(sandbox):
    """RLIMIT_NPROC counts per uid: boxes sharing one uid would fail each other's start."""
    bomb = ("while True:\n"
            "    try:\n"
            "        os.fork()\n"
            "    except OSError:\n"
            "        pass\n")
    before = descendants()
    with ThreadPoolExecutor(5) as pool:
        pool.submit(probe, sandbox, bomb, Limits(wall_seconds=5))
        wait_for(lambda: len(descendants() - before) >= Limits().pids * 3 // 4, 5,
                 "the bomb filling its box's process limit")
        starts = [pool.submit(probe, sandbox, "return [1]") for _ in range(4)]
        outputs = [start.result()[0] for start in starts]
    assert outputs == [[1.0]] * 4


@needs_namespaces
def test_the_challenges_and_home_folders_are_hidden(sandbox):
    # Empty, or not there at all when the checkout itself lies under the box's fresh /tmp.
    seen = f"os.listdir({str(CHALLENGES)!r}) if os.path.isdir({str(CHALLENGES)!r}) else []"
    output, _ = probe(sandbox, f"return [len({seen}), "
                               "len([p for p in os.listdir('/root') if p != '.pyenv'])]")
    assert output == [0.0, 0.0]


@needs_namespaces
def test_there_is_no_network_not_even_the_hosts_loopback(sandbox):
    body = ("try:\n"
            "    socket.create_connection(('127.0.0.1', 5432), timeout=2)\n"
            "    return [1]\n"
            "except OSError:\n"
            "    return [0]\n")
    output, _ = probe(sandbox, body)
    assert output == [0.0]


@needs_namespaces
def test_only_a_fresh_tmp_is_writable(sandbox):
    body = ("open('/tmp/mine', 'w').write('x')\n"
            "left = os.listdir('/tmp')\n"
            "for path in ('/var/tmp/x', '/etc/x', os.path.expanduser('~/../x')):\n"
            "    try:\n"
            "        open(path, 'w')\n"
            "        return [1]\n"
            "    except OSError:\n"
            "        pass\n"
            "return [len(left)]\n")
    output, _ = probe(sandbox, body)
    assert output == [1.0]
    assert not Path("/tmp/mine").exists()


def test_no_process_outlives_a_timed_out_box(sandbox):
    body = ("subprocess.Popen(['sleep', '987654'], start_new_session=True)\n"
            "while True:\n"
            "    pass\n")
    _, outcome = probe(sandbox, body, Limits(wall_seconds=1.5))
    assert outcome.timed_out
    wait_for(lambda: subprocess.run(["pgrep", "-f", "sleep 987654"]).returncode == 1, 5,
             "the box's processes gone")


def test_a_fork_bomb_is_contained(sandbox):
    body = ("while True:\n"
            "    try:\n"
            "        os.fork()\n"
            "    except OSError:\n"
            "        pass\n")
    before = descendants()
    _, outcome = probe(sandbox, body, Limits(wall_seconds=3))
    assert outcome.timed_out or outcome.exit_code != 0
    wait_for(lambda: descendants() <= before, 5, "the bomb's processes gone")
    output, _ = probe(sandbox, "return [1]")
    assert output == [1.0]


def test_the_box_dies_with_the_process_that_started_it(tmp_path):
    script = tmp_path / "host.py"
    script.write_text(textwrap.dedent("""
        from graders.protocol import call_job
        from graders.sandbox.base import Limits
        from graders.sandbox.selection import select_sandbox
        source = "import subprocess\\ndef f():\\n    subprocess.run(['sleep', '876543'])\\n"
        job = call_job(source, "f", [{"args": [], "kwargs": {}}], "solution.py", [1])
        select_sandbox("process").run(job, Limits(wall_seconds=600))
    """))
    host = subprocess.Popen([sys.executable, str(script)])

    def box_running() -> bool:
        return subprocess.run(["pgrep", "-f", "sleep 876543"], capture_output=True).returncode == 0

    wait_for(box_running, 20, "the box starting")
    host.send_signal(signal.SIGKILL)
    host.wait()
    wait_for(lambda: not box_running(), 5, "the box dying with its host")


@needs_namespaces
def test_dev_holds_five_harmless_devices_and_nothing_of_the_hosts(sandbox):
    body = ("import stat\n"
            "found = []\n"
            "for name in sorted(os.listdir('/dev')):\n"
            "    mode = os.lstat('/dev/' + name).st_mode\n"
            "    kind = 1 if stat.S_ISCHR(mode) else 2 if stat.S_ISLNK(mode) else 3\n"
            "    found.append(kind * 100 + len(name))\n"
            "with open('/dev/null', 'w') as sink:\n"
            "    sink.write('x')\n"
            "return found + [len(open('/dev/urandom', 'rb').read(8))]\n")
    output, _ = probe(sandbox, body)
    # fd full null random shm stderr stdin stdout urandom zero, then 8 random bytes read
    assert output == [202.0, 104.0, 104.0, 106.0, 303.0, 206.0, 205.0, 206.0, 107.0, 104.0, 8.0]


@pytest.mark.skipif(os.geteuid() != 0, reason="a memory cgroup per box needs root")
def test_memory_is_limited_per_box_and_its_cgroup_is_removed(sandbox):
    assert sandbox.memory_per_box, sandbox.reason
    parent, _ = sandbox.cgroups
    ours = f"{cgroups.PREFIX}{owner_id()}~*"  # another test run's boxes may share the parent
    before = set(parent.glob(ours))  # an earlier box's, if it was slow to die
    body = ("import time\n"
            "for _ in range(3):\n"
            "    if os.fork() == 0:\n"
            "        block = b'x' * (100 << 20)\n"
            "        time.sleep(30)\n"
            "        os._exit(len(block))\n"
            "time.sleep(30)\n"
            "return [0]\n")
    _, outcome = probe(sandbox, body, Limits(memory_mb=200, wall_seconds=20))
    assert outcome.oom_killed and not outcome.timed_out
    assert set(parent.glob(ours)) <= before


@pytest.mark.skipif(os.geteuid() != 0, reason="a memory cgroup per box needs root")
def test_a_sweep_spares_the_groups_of_live_processes(sandbox):
    """Between its creation and its box joining it a group is empty: a second grading process
    starting then (a worker of the same server) must not remove it."""
    live = cgroups.BoxCgroup.create(sandbox.cgroups, 64)
    host, pid, started = owner_id().split(":")
    dead = cgroups.BoxCgroup(sandbox.cgroups[0] / f"{cgroups.PREFIX}{host}:{pid}:{started}0~1",
                             sandbox.cgroups[1])
    dead.path.mkdir()
    try:
        cgroups.sweep(sandbox.cgroups[0])
        assert live.path.is_dir() and not dead.path.exists()
    finally:
        live.remove()
        dead.remove()


@pytest.mark.skipif(os.geteuid() != 0, reason="a memory cgroup per box needs root")
def test_a_box_that_could_not_be_set_up_is_the_platforms_fault(sandbox, monkeypatch):
    """Its launcher never ran the learner's code: no verdict of theirs, but BoxFailed."""
    create = cgroups.BoxCgroup.create

    def swept_at_once(parent, memory_mb):
        group = create(parent, memory_mb)
        group.path.rmdir()  # as a sweep by a process that took it for a stray would
        return group

    monkeypatch.setattr(cgroups.BoxCgroup, "create", staticmethod(swept_at_once))
    with pytest.raises(BoxFailed, match="not set up: .*No such file"):
        probe(sandbox, "return [1]")


def test_a_learner_who_exits_at_once_is_still_judged(sandbox):
    """Exiting before the first result is the learner's run, ended early, not a box failure."""
    job = call_job("import os\nos._exit(0)\ndef f():\n    return [1]\n", "f",
                   [{"args": [], "kwargs": {}}], "solution.py", [1000])
    outcome = sandbox.run(job, Limits(wall_seconds=10))
    assert outcome.exit_code == 0 and parse_run(outcome.stdout).results == []


@needs_namespaces
def test_a_hidden_box_reads_other_files_than_a_public_box(sandbox):
    """The page cache is kept per file: a hidden box's standard library is a copy of its own
    (graders.sandbox.mirror), so no page it reads is one a public box can time."""
    body = ("import json\nst = os.stat(json.__file__)\n"
            "return [st.st_dev, st.st_ino]")
    job = call_job("import os\ndef f():\n" + textwrap.indent(body, "    "), "f",
                   [{"args": [], "kwargs": {}}], "solution.py", [1000])
    public, hidden = (parse_run(sandbox.run(job, Limits(wall_seconds=10), hidden=flag).stdout)
                      .results[0]["output"] for flag in (False, True))
    assert public != hidden


@needs_namespaces
def test_a_hidden_box_copies_what_pytorch_imports_only_when_used(sandbox):
    """torch.autograd.grad imports sympy on its first call: the hidden box's copy holds every
    distribution the offered packages require, not only what `import torch` loads, so that it
    reads none of the public box's files for it either."""
    require_torch()
    body = ("import torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\n"
            "(grad,) = torch.autograd.grad((x * x).sum(), x)\n"
            "import sympy\nst = os.stat(sympy.__file__)\n"
            "return [*grad.tolist(), st.st_dev, st.st_ino]")
    job = call_job("import os\ndef f():\n" + textwrap.indent(body, "    "), "f",
                   [{"args": [], "kwargs": {}}], "solution.py", [1000])
    public, hidden = (parse_run(sandbox.run(job, Limits(wall_seconds=60, memory_mb=1024),
                                            hidden=flag).stdout).results[0]["output"]
                      for flag in (False, True))
    assert public[:2] == hidden[:2] == [2.0, 4.0]
    assert public[2:] != hidden[2:]
