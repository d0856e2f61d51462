"""Set up the process sandbox from inside its fresh namespaces, then start the runner.

Started by the host as `unshare ... python -I launcher.py CONFIG`. While still privileged it
builds the box a root of its own (system files, the interpreter and the runner, read-only, and
fresh scratch space) and pivots into it; then it forks the runner, which takes the limits,
drops to the box's own unprivileged uid and becomes the runner.
When it is PID 1 of a PID namespace, its exit ends every process left in the box.
Standard library only: it runs before anything else in the box.
"""

import ctypes
import json
import os
import platform
import resource
import sys

MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
MNT_DETACH = 2
PIVOT_ROOT = {"x86_64": 155, "aarch64": 41, "arm64": 41, "riscv64": 41, "ppc64le": 203,
              "s390x": 217}
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")
BUILD_AT = "/tmp"  # any existing folder will do: in this mount namespace it is covered, then
# becomes the root
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
    """Give the box a root of its own: the system's programs and libraries, the interpreter and
    the runner, read-only; fresh scratch space; nothing else of the host's files."""
    mount(None, "/", None, MS_REC | MS_PRIVATE)
    root = BUILD_AT
    links = {p: os.readlink(p) for p in SYSTEM if os.path.islink(p)}
    shown = [p for p in (*SYSTEM, *config["show"], "/dev") if p not in links and os.path.isdir(p)]
    handles = {p: os.open(p, os.O_PATH) for p in shown}  # sources stay reachable once covered
    mount("none", root, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,mode=0755")
    for path, target in links.items():
        os.symlink(target, root + path)
    os.makedirs(root + "/proc")
    mount("proc", root + "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    for path in ("/tmp", "/var/tmp"):  # before the binds: an interpreter may live under /tmp
        os.makedirs(root + path)
        mount("none", root + path, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC,
              f"size={config['tmp_mb']}m,mode=1777")
    for path, handle in handles.items():
        os.makedirs(root + path, mode=0o755, exist_ok=True)
        mount(f"/proc/self/fd/{handle}", root + path, None, MS_BIND | MS_REC)
        mount(None, root + path, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID)
        os.close(handle)
    mount("none", root + "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC,
          f"size={config['tmp_mb']}m,mode=1777")
    mount(None, root, None, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)
    os.chdir(root)
    if libc.syscall(PIVOT_ROOT[platform.machine()], b".", b".") != 0:
        raise OSError(ctypes.get_errno(), "pivot_root failed")
    libc.umount2(b".", MNT_DETACH)  # the host's root, now stacked under ours: let go of it
    os.chdir("/")


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
