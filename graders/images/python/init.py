"""PID 1 of a sandbox container: a zygote that runs jobs one at a time, each in a child.

Started as `init.py IDLE` as root with no capability but CAP_SETUID and CAP_SETGID (and no new
privileges). The runner and NumPy are imported once, here; for each job a child is forked
that, before any learner code loads, becomes what a fresh container gave the runner: a uid
of its own (never used before in this box), a fresh private scratch directory, its rlimits,
the container's system-call filter, no descriptor but /dev/null and its own two pipes, random
states of its own (NumPy's and Python's, reseeded from os.urandom).
The child reads its job from stdin itself, so that no job's data ever sits in this process's
memory (which every later child inherits); its output is moved to stdout by splice(2), framed,
without being copied here.

The host writes jobs as JOB frames (a length, then the job as JSON: {"job", "limits"}); a zero
length or the end of stdin means no more. For each job this process writes OUTPUT frames
(kind, length, bytes): the runner's results (STDOUT), the learner's prints (STDERR), then one
STATUS frame of JSON that no job can forge: its exit code, whether it ran out of time,
memory or output allowance, and `recycle` when this box must not take another job.
Every process of a finished job is killed (by uid) before the status goes out. The box
ends by itself when no job comes within IDLE seconds, after an anomaly (a process of the
job still alive, a file left outside its scratch, System V IPC left, this process grown),
and with its last job. Standard library only.
"""

import ctypes
import fcntl
import json
import os
import random
import resource
import select
import shutil
import signal
import struct
import sys
import termios
import time

JOB = struct.Struct(">L")  # host -> box: the job's length, then the job
OUTPUT = struct.Struct(">BL")  # box -> host: the kind, the length, then the bytes
STDOUT, STDERR, STATUS = 1, 2, 3
MAX_JOB_BYTES = 64 << 20
RUNNER_DIR = "/opt/arena"
OOM_FILES = ("/sys/fs/cgroup/memory.events", "/sys/fs/cgroup/memory/memory.oom_control")
WRITABLE = ("/tmp", "/var/tmp", "/dev/shm", "/dev/mqueue")
SYSV_IPC = ("/proc/sysvipc/shm", "/proc/sysvipc/msg", "/proc/sysvipc/sem")
KILLED = 128 + signal.SIGKILL
PR_SET_DUMPABLE = 4
GROWTH_BYTES = 32 << 20  # this process may grow this much before the box is recycled
KILL_ROUNDS = 50
# Every box's uids, far above any account's: a job gets a uid no other box or job shares.
JOB_UID_BASE, JOB_UID_SPAN = 1_900_000_000, 100_000_000
JOBS_PER_BOX = 4096  # at most; the host recycles a box long before
libc = ctypes.CDLL(None, use_errno=True)


def oom_kills():
    """Return how many processes of this container the kernel killed for want of memory."""
    for path in OOM_FILES:
        try:
            with open(path) as counters:
                for line in counters:
                    key, _, value = line.partition(" ")
                    if key == "oom_kill":
                        return int(value)
        except (OSError, ValueError):
            continue
    return 0


def resident_bytes():
    """Return this process's resident memory."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def read_exactly(fd, size):
    """Read `size` bytes from fd, or fewer at its end."""
    chunks, left = [], size
    while left:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def write_frame(kind, payload):
    """Write one frame of this process's own to stdout."""
    os.write(1, OUTPUT.pack(kind, len(payload)) + payload)


def pending(fd):
    """Return how many bytes a pipe holds."""
    return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]


def relay(fd, kind):
    """Move what a job's pipe holds to stdout as one frame, by splice; return its size."""
    size = pending(fd)
    if size == 0:
        return 0
    os.write(1, OUTPUT.pack(kind, size))
    moved = 0
    while moved < size:
        moved += os.splice(fd, 1, size - moved)
    return size


def apply_limits(limits):
    """Set the job's rlimits (memory is the container's: its cgroup holds the whole box)."""
    mib = 1 << 20
    cpu = int(limits["cpu_seconds"]) + 1
    for which, value in ((resource.RLIMIT_CPU, (cpu, cpu + 1)),
                         (resource.RLIMIT_NPROC, (limits["pids"],) * 2),
                         (resource.RLIMIT_FSIZE, (limits["file_size_mb"] * mib,) * 2),
                         (resource.RLIMIT_NOFILE, (limits["open_files"],) * 2),
                         (resource.RLIMIT_CORE, (0, 0))):
        resource.setrlimit(which, value)


def reseed():
    """Give the job random states of its own, from os.urandom: a fork copies PID 1's, so every
    job of this box would draw the same numbers from NumPy's global state. Python's `random`
    reseeds itself in a forked child (an at-fork hook of CPython's); seeded here all the same,
    so that the promise does not rest on that. The string hash secret cannot be changed after
    the interpreter starts: docs/security.md says what stays shared and why that is safe."""
    random.seed(os.urandom(32))
    numpy = sys.modules.get("numpy")  # imported by the runner, once, for every job
    if numpy is not None:
        numpy.random.seed(numpy.frombuffer(os.urandom(32), dtype=numpy.uint32))


def become_job(runner, uid, control, out, err):
    """In the child: take the job from stdin, drop to the job's uid, run it (never returns)."""
    try:
        reseed()
        header = read_exactly(0, JOB.size)
        size = JOB.unpack(header)[0] if len(header) == JOB.size else 0
        message = json.loads(read_exactly(0, size)) if 0 < size <= MAX_JOB_BYTES else None
        os.write(control, json.dumps(message and message["limits"]).encode())
        os.close(control)
        if message is None:
            os._exit(0)
        devnull = os.open(os.devnull, os.O_RDONLY)
        for source, target in ((devnull, 0), (out, 1), (err, 2)):
            os.dup2(source, target)
        os.closerange(3, resource.getrlimit(resource.RLIMIT_NOFILE)[0])
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.setsid()
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)  # every capability goes with root
        libc.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0)  # as a fresh box's runner: its own to inspect
        scratch = f"/tmp/job-{uid}"
        os.mkdir(scratch, 0o700)
        os.chdir(scratch)
        os.environ.update(HOME=scratch, TMPDIR=scratch)
        apply_limits(message["limits"])
        runner.run(message["job"])
    finally:
        os._exit(KILLED)


def sweep(uid):
    """As the job's uid: kill every process it has and remove its scratch; True when clean."""
    child = os.fork()
    if child == 0:
        code = 1
        try:
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
            for _ in range(KILL_ROUNDS):
                try:
                    os.kill(-1, signal.SIGKILL)  # every process of the uid in this box but us
                except ProcessLookupError:
                    pass
                if not processes_of(uid):
                    break
                time.sleep(0.001)
            scratch = f"/tmp/job-{uid}"
            if os.path.lexists(scratch):
                shutil.rmtree(scratch, onerror=_unlock)
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(child, 0)
    return os.waitstatus_to_exitcode(status) == 0 and not processes_of(uid)


def _unlock(function, path, _):
    """Let rmtree remove what the job made unwritable (its own files: it may)."""
    os.chmod(os.path.dirname(path), 0o700)
    if os.path.isdir(path) and not os.path.islink(path):
        os.chmod(path, 0o700)
    function(path)


def processes_of(uid):
    """Return the pids of this box's live processes (not zombies) whose real uid is `uid`."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != os.getpid():
            try:
                with open(f"/proc/{name}/status") as status:
                    fields = dict(line.split(":", 1) for line in status if ":" in line)
            except OSError:
                continue  # gone meanwhile
            if int(fields["Uid"].split()[0]) == uid and not fields["State"].strip().startswith("Z"):
                found.append(int(name))
    return found


def left_behind():
    """Return what any job left outside its scratch: files, System V IPC objects."""
    found = [os.path.join(place, name) for place in WRITABLE if os.path.isdir(place)
             for name in os.listdir(place)]
    for path in SYSV_IPC:
        try:
            with open(path) as table:
                found += [f"{path}: {line.strip()}" for line in table.readlines()[1:]]
        except OSError:
            continue
    return found


def reap_children():
    """Reap every child that ended (orphans too); return {pid: exit code}."""
    ended = {}
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return ended
        if pid == 0:
            return ended
        code = os.waitstatus_to_exitcode(status)
        ended[pid] = code if code >= 0 else 128 - code


def watch(child, limits, pipes, ooms):
    """Relay the job's output until it ends, its wall clock runs out, it writes too much or
    the kernel kills any process of the box for want of memory."""
    caps = {STDOUT: limits["max_stdout_bytes"], STDERR: limits["max_stderr_bytes"]}
    sizes = {STDOUT: 0, STDERR: 0}
    deadline = time.monotonic() + limits["wall_seconds"]
    status = {"exit_code": None, "timed_out": False, "output_exceeded": False}
    ended = os.pidfd_open(child)  # readable once the child ends: no polling for it
    open_pipes = set(pipes)
    try:
        while status["exit_code"] is None:
            left = deadline - time.monotonic()
            if left <= 0:
                status["timed_out"] = True
                break
            readable, _, _ = select.select([*open_pipes, ended], [], [], min(left, 0.05))
            for fd in set(readable) & open_pipes:
                moved = relay(fd, pipes[fd])
                sizes[pipes[fd]] += moved
                if not moved:  # readable and empty: no writer is left
                    open_pipes.discard(fd)
            if any(sizes[kind] > caps[kind] for kind in caps):
                status["output_exceeded"] = True
                break
            if oom_kills() > ooms:
                break
            status["exit_code"] = reap_children().get(child)
    finally:
        os.close(ended)
    return status


def run_one(runner, uid):
    """Run the next job; return its status, or None when there is no more."""
    control_read, control = os.pipe()
    (out_read, out), (err_read, err) = os.pipe(), os.pipe()
    ooms = oom_kills()
    child = os.fork()
    if child == 0:
        for fd in (control_read, out_read, err_read):
            os.close(fd)
        become_job(runner, uid, control, out, err)
    for fd in (control, out, err):
        os.close(fd)
    limits = json.loads(read_exactly(control_read, MAX_JOB_BYTES) or b"null")
    os.close(control_read)
    if limits is None:
        os.waitpid(child, 0)
        return None
    pipes = {out_read: STDOUT, err_read: STDERR}
    status = watch(child, limits, pipes, ooms)
    clean = sweep(uid)
    for fd, kind in pipes.items():
        if not status["output_exceeded"]:
            relay(fd, kind)  # what the job wrote before it ended
        os.close(fd)
    reap_children()
    status["oom_killed"] = oom_kills() > ooms
    leftovers = left_behind()
    status["recycle"] = bool(not clean or leftovers or status["oom_killed"])
    status["left_behind"] = leftovers[:10]
    return status


def main():
    """Run jobs as they come until there is no more, or the box must end."""
    idle = float(sys.argv[1])
    sys.path.insert(0, RUNNER_DIR)
    import runner  # once for every job, NumPy with it
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # learner code may signal us: it changes nothing
    libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)  # nor read or write our memory
    first_uid = JOB_UID_BASE + random.SystemRandom().randrange(JOB_UID_SPAN - JOBS_PER_BOX)
    baseline = resident_bytes()
    for number in range(JOBS_PER_BOX):
        if not select.select([0], [], [], idle)[0]:
            break
        status = run_one(runner, first_uid + number)
        if status is None:
            break
        status["recycle"] = status["recycle"] or resident_bytes() > baseline + GROWTH_BYTES
        write_frame(STATUS, json.dumps(status).encode())
        if status["recycle"]:
            break
    os._exit(0)


if __name__ == "__main__":
    main()
