"""Set up the process sandbox from inside its fresh namespaces, then start the runner.

Started by the host as `unshare ... python -I launcher.py CONFIG`. While still privileged it
hides the host's secrets behind empty mounts and gives the box its own /tmp; then it forks the
runner, which takes the limits, drops to the box's own unprivileged uid and becomes the runner.
When it is PID 1 of a PID namespace, its exit ends every process left in the box.
Standard library only: it runs before anything else in the box.
"""

import ctypes
import json
import os
import resource
import sys

MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
PR_SET_NO_NEW_PRIVS = 38

libc = ctypes.CDLL(None, use_errno=True)


def mount(source, target, fstype, flags, data=None):
    """Call mount(2), raising OSError when it fails."""
    args = [source, target, fstype, None if data is None else data]
    encoded = [a.encode() if a is not None else None for a in args]
    if libc.mount(encoded[0], encoded[1], encoded[2], flags, encoded[3]) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"mount {target}: {os.strerror(err)}")


def build_filesystem(config):
    """Make the box's view of the file system: private, read-only, secrets hidden."""
    mount(None, "/", None, MS_REC | MS_PRIVATE)
    for hidden in config["hide"]:
        cover(hidden["path"], hidden["keep"], scratch_mb=None)
    mount("none", "/", None, MS_REMOUNT | MS_BIND | MS_RDONLY)
    for scratch in config["scratch"]:
        cover(scratch["path"], scratch["keep"], scratch_mb=config["tmp_mb"])


def cover(path, keep, scratch_mb):
    """Cover `path` with a fresh tmpfs (empty, or writable scratch space), binding back `keep`."""
    if not os.path.isdir(path):
        return
    handles = {kept: os.open(kept, os.O_PATH) for kept in keep}
    if scratch_mb:
        mount("none", path, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC,
              f"size={scratch_mb}m,mode=1777")
    else:
        mount("none", path, "tmpfs", MS_NOSUID | MS_NODEV, "size=64k,mode=0755")
    for kept, handle in handles.items():
        os.makedirs(kept, mode=0o755, exist_ok=True)
        mount(f"/proc/self/fd/{handle}", kept, None, MS_BIND | MS_REC)
        os.close(handle)
    if not keep and not scratch_mb:
        mount("none", path, None, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC)


def apply_limits(limits):
    """Set the rlimits that the kernel enforces on the runner and its children."""
    cpu = int(limits["cpu_seconds"]) + 1
    mib = 1024 * 1024
    for which, value in (
        (resource.RLIMIT_CPU, (cpu, cpu + 1)),
        (resource.RLIMIT_AS, (limits["memory_mb"] * mib,) * 2),
        (resource.RLIMIT_NPROC, (limits["pids"],) * 2),
        (resource.RLIMIT_FSIZE, (limits["file_size_mb"] * mib,) * 2),
        (resource.RLIMIT_NOFILE, (limits["open_files"],) * 2),
        (resource.RLIMIT_CORE, (0, 0)),
    ):
        resource.setrlimit(which, value)


def become_runner(config):
    """Drop privileges and limits in place, then exec the runner (never returns)."""
    os.chdir(config["workdir"])
    apply_limits(config["limits"])
    if config["uid"] is not None:
        os.setgroups([])
        os.setgid(config["uid"])
        os.setuid(config["uid"])
    libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    os.execve(sys.executable, [sys.executable, "-I", "-B", config["runner"]], config["env"])


def reap_until(child):
    """Wait as the box's init: reap every orphan, return when the runner is gone."""
    while True:
        pid, status = os.wait()
        if pid == child:
            return os.waitstatus_to_exitcode(status)


def main():
    """Set up the box and run the runner in it."""
    config = json.loads(sys.argv[1])
    if config["namespaces"]:
        build_filesystem(config)
    if os.getpid() != 1:
        become_runner(config)
    child = os.fork()
    if child == 0:
        become_runner(config)
    code = reap_until(child)
    os._exit(code if code >= 0 else 128 - code)


if __name__ == "__main__":
    main()
