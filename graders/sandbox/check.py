"""Verify from inside a box that its isolation holds: `arena sandbox check`."""

from __future__ import annotations

from graders.protocol import call_job, parse_run
from graders.sandbox.base import Limits, Sandbox

PROBE = r'''
import os, resource, socket

def _status(field):
    for line in open("/proc/self/status"):
        if line.startswith(field + ":"):
            return line.split()[1]

def _refused(address):
    try:
        socket.create_connection(address, timeout=2).close()
        return 0
    except OSError:
        return 1

def _read_only(path):
    try:
        open(path, "w").close()
        return 0
    except OSError:
        return 1

def _limit(rlimit, *paths):
    """The tighter of the cgroup's limit, where one is set, and the rlimit."""
    tightest = resource.getrlimit(rlimit)[0]
    tightest = 2 ** 63 if tightest == resource.RLIM_INFINITY else tightest
    for path in paths:
        try:
            text = open(path).read().split()[0]
        except (OSError, IndexError):
            continue
        if text.isdigit():
            tightest = min(tightest, int(text))
    return float(tightest)

def probe():
    interfaces = [line.split(":")[0].strip() for line in open("/proc/net/dev").readlines()[2:]]
    return [
        float(interfaces == ["lo"] or interfaces == []),
        _refused(("1.1.1.1", 53)),
        _refused(("127.0.0.1", 5432)) * _refused(("127.0.0.1", 6379)),
        _read_only("/probe-file") * _read_only("/etc/probe-file"),
        float(os.getuid() != 0 and os.geteuid() != 0),
        float(int(_status("CapEff"), 16) == 0),
        float(_status("NoNewPrivs") == "1"),
        _limit(resource.RLIMIT_NPROC, "/sys/fs/cgroup/pids.max", "/sys/fs/cgroup/pids/pids.max"),
        _limit(resource.RLIMIT_AS, "/sys/fs/cgroup/memory.max",
               "/sys/fs/cgroup/memory/memory.limit_in_bytes") / 2**20,
        float(resource.getrlimit(resource.RLIMIT_NOFILE)[0]),
        float(resource.getrlimit(resource.RLIMIT_CORE)[0]),
        float(not any(k.startswith("ARENA") or "SECRET" in k or "TOKEN" in k for k in os.environ)),
    ]
'''

INODE_PROBE = "import os\n\ndef probe():\n    return [float(os.stat(os.__file__).st_ino)]\n"
APART = "hidden boxes read files of their own"

CHECKS = ("no network interface but loopback", "no route to the outside",
          "no access to the host's loopback services", "read-only root file system",
          "not root", "no capabilities", "no_new_privs", "process limit", "memory limit (MiB)",
          "open files limit", "core dumps off", "no secrets in the environment")
BOOLEAN = 7


def isolation_report(sandbox: Sandbox, limits: Limits | None = None) -> list[tuple[str, bool, str]]:
    """Run the probe in the sandbox; return (check, holds, detail) for each check."""
    limits = limits or Limits()
    job = call_job(PROBE, "probe", [{"args": [], "kwargs": {}}], "probe.py", [len(CHECKS)])
    results = parse_run(sandbox.run(job, limits).stdout, [len(CHECKS)]).results
    values = results[0].get("output") if results else None
    if not isinstance(values, list) or len(values) != len(CHECKS):
        return [("the probe ran", False, str(results[0] if results else "no result"))]
    report = [(name, value == 1.0, "")
              for name, value in zip(CHECKS[:BOOLEAN], values[:BOOLEAN], strict=True)]
    expected = (limits.pids, limits.memory_mb, limits.open_files, 0)
    for name, value, want in zip(CHECKS[BOOLEAN:-1], values[BOOLEAN:-1], expected, strict=True):
        report.append((name, value == want, f"{value:g} (want {want})"))
    report.append((CHECKS[-1], values[-1] == 1.0, ""))
    public, hidden = (_standard_library_inode(sandbox, limits, kind) for kind in (False, True))
    report.append((APART, None not in (public, hidden) and public != hidden,
                   f"os.py is inode {public:g} in a public box, {hidden:g} in a hidden one"
                   if None not in (public, hidden) else "the probe gave no inode"))
    return report


def _standard_library_inode(sandbox: Sandbox, limits: Limits, hidden: bool) -> float | None:
    """Return the inode of the standard library's os.py as a (public or hidden) box sees it."""
    job = call_job(INODE_PROBE, "probe", [{"args": [], "kwargs": {}}], "probe.py", [1])
    results = parse_run(sandbox.run(job, limits, hidden=hidden).stdout, [1]).results
    output = results[0].get("output") if results else None
    return output[0] if isinstance(output, list) and len(output) == 1 else None
