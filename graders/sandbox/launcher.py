"""Set up the process sandbox from inside its fresh namespaces, then start the runner.

Started by the host as `unshare ... python -I launcher.py CONFIG`. While still privileged it
joins the box's memory cgroup, builds the box a root of its own (system files, the
interpreter and the runner, read-only; a /dev of five harmless devices; fresh scratch space)
and pivots into it; then it forks the runner, which takes the limits, drops to the box's own
unprivileged uid, loads the system-call filter and becomes the runner.
When it is PID 1 of a PID namespace, its exit ends every process left in the box.
It writes READY on the pipe `ready_fd` once the box is set up and closes it before the runner
starts: a box that never said so failed on the host's side, whatever the learner's code does.
Standard library only (and the system's libseccomp, through ctypes): it runs before anything
else in the box.
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
READY = b"ready"
DEVICES = ("null", "zero", "full", "random", "urandom")
DEVICE_LINKS = {"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0", "stdout": "/proc/self/fd/1",
                "stderr": "/proc/self/fd/2"}
CGROUP_IN_BOX = {1: "/sys/fs/cgroup/memory", 2: "/sys/fs/cgroup"}  # where a container has it
SCMP_ACT_ALLOW, SCMP_ACT_ERRNO = 0x7FFF0000, 0x00050000
SCMP_OPS = {"SCMP_CMP_EQ": 4, "SCMP_CMP_MASKED_EQ": 7}

libc = ctypes.CDLL(None, use_errno=True)


class ArgCompare(ctypes.Structure):
    """libseccomp's `struct scmp_arg_cmp`."""

    _fields_ = [("arg", ctypes.c_uint), ("op", ctypes.c_int), ("datum_a", ctypes.c_uint64),
                ("datum_b", ctypes.c_uint64)]


def mount(source, target, fstype, flags, data=None):
    """Call mount(2), raising OSError when it fails."""
    args = [source, target, fstype, None if data is None else data]
    encoded = [a.encode() if a is not None else None for a in args]
    if libc.mount(encoded[0], encoded[1], encoded[2], flags, encoded[3]) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"mount {target}: {os.strerror(err)}")


def build_filesystem(config):
    """Give the box a root of its own: the system's programs and libraries, the interpreter and
    the runner, read-only (for a hidden box, from its private copy: graders.sandbox.mirror);
    fresh scratch space; nothing else of the host's files."""
    mount(None, "/", None, MS_REC | MS_PRIVATE)
    root = BUILD_AT
    source = config["mirror"] or ""  # a hidden box's paths come from its private copy
    links = {p: os.readlink(source + p) for p in SYSTEM if os.path.islink(source + p)}
    shown = [p for p in (*SYSTEM, *config["show"])
             if p not in links and os.path.isdir(source + p)]
    handles = {p: os.open(source + p, os.O_PATH) for p in shown}  # reachable once covered
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
    build_dev(root, config["tmp_mb"])
    if config["cgroup"]:
        show_cgroup(root, config["cgroup"])
    mount(None, root, None, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)
    os.chdir(root)
    if libc.syscall(PIVOT_ROOT[platform.machine()], b".", b".") != 0:
        raise OSError(ctypes.get_errno(), "pivot_root failed")
    libc.umount2(b".", MNT_DETACH)  # the host's root, now stacked under ours: let go of it
    os.chdir("/")


def build_dev(root, tmp_mb):
    """Give the box a /dev of its own: five harmless devices, the fd links and a fresh shm."""
    flags = MS_NOSUID | MS_NODEV | MS_NOEXEC
    os.makedirs(root + "/dev")
    mount("none", root + "/dev", "tmpfs", flags, "size=64k,mode=0755")
    for name in DEVICES:  # a bind keeps the device usable on a nodev tmpfs
        open(f"{root}/dev/{name}", "w").close()
        mount(f"/dev/{name}", f"{root}/dev/{name}", None, MS_BIND)
    for name, target in DEVICE_LINKS.items():
        os.symlink(target, f"{root}/dev/{name}")
    os.makedirs(root + "/dev/shm")
    mount("none", root + "/dev/shm", "tmpfs", flags, f"size={tmp_mb}m,mode=1777")
    mount(None, root + "/dev", None, MS_REMOUNT | MS_RDONLY | flags)


def join_cgroup(cgroup):
    """Move this process, and so every process of the box, into the box's memory cgroup."""
    with open(os.path.join(cgroup["folder"], "cgroup.procs"), "w") as procs:
        procs.write("0")


def show_cgroup(root, cgroup):
    """Show the box its own cgroup, read-only, where a container sees it (its limit)."""
    target = root + CGROUP_IN_BOX[cgroup["version"]]
    os.makedirs(target)
    mount(cgroup["folder"], target, None, MS_BIND)
    mount(None, target, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC)


def seccomp_loader(profile):
    """Compile the system-call profile with libseccomp; return the function that loads it."""
    seccomp = ctypes.CDLL("libseccomp.so.2")
    seccomp.seccomp_init.restype = ctypes.c_void_p
    seccomp.seccomp_init.argtypes = [ctypes.c_uint32]
    seccomp.seccomp_rule_add_array.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int,
                                               ctypes.c_uint, ctypes.POINTER(ArgCompare)]
    seccomp.seccomp_load.argtypes = [ctypes.c_void_p]
    context = seccomp.seccomp_init(SCMP_ACT_ERRNO | profile["defaultErrnoRet"])
    for rule in profile["syscalls"]:
        action = (SCMP_ACT_ALLOW if rule["action"] == "SCMP_ACT_ALLOW"
                  else SCMP_ACT_ERRNO | rule["errnoRet"])
        args = [ArgCompare(a["index"], SCMP_OPS[a["op"]], a["value"], a.get("valueTwo", 0))
                for a in rule.get("args", [])]
        array = (ArgCompare * max(1, len(args)))(*args)
        for name in rule["names"]:
            number = seccomp.seccomp_syscall_resolve_name(name.encode())
            if number < 0:  # not a system call of this architecture
                continue
            if seccomp.seccomp_rule_add_array(context, action, number, len(args), array) != 0:
                raise OSError(f"seccomp rule for {name} refused")

    def load():
        if seccomp.seccomp_load(context) != 0:
            raise OSError("seccomp filter not loaded")
    return load


def apply_limits(limits, address_space):
    """Set the rlimits that the kernel enforces on the runner and its children.

    Memory as address space only where no cgroup limits the box as a whole.
    """
    cpu = int(limits["cpu_seconds"]) + 1
    mib = 1024 * 1024
    memory = limits["memory_mb"] * mib if address_space else resource.RLIM_INFINITY
    for which, value in (
        (resource.RLIMIT_CPU, (cpu, cpu + 1)),
        (resource.RLIMIT_AS, (memory, memory)),
        (resource.RLIMIT_NPROC, (limits["pids"],) * 2),
        (resource.RLIMIT_FSIZE, (limits["file_size_mb"] * mib,) * 2),
        (resource.RLIMIT_NOFILE, (limits["open_files"],) * 2),
        (resource.RLIMIT_CORE, (0, 0)),
    ):
        resource.setrlimit(which, value)


def become_runner(config, load_filter):
    """Drop privileges and limits in place, filter system calls, exec the runner (never returns)."""
    os.chdir(config["workdir"])
    apply_limits(config["limits"], address_space=not config["cgroup"])
    if config["uid"] is not None:
        os.setgroups([])
        os.setgid(config["uid"])
        os.setuid(config["uid"])
    libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    if load_filter is not None:
        load_filter()
    os.execve(sys.executable, [sys.executable, "-I", "-B", config["runner"]], config["env"])


def reap_until(child):
    """Wait as the box's init: reap every orphan, return when the runner is gone."""
    while True:
        pid, status = os.wait()
        if pid == child:
            return os.waitstatus_to_exitcode(status)


def main():
    """Set up the box, say so, and run the runner in it."""
    config = json.loads(sys.argv[1])
    if config["cgroup"]:
        join_cgroup(config["cgroup"])
    load_filter = seccomp_loader(config["seccomp"]) if config["seccomp"] else None
    if config["namespaces"]:
        build_filesystem(config)
    os.write(config["ready_fd"], READY)
    os.close(config["ready_fd"])
    if os.getpid() != 1:
        become_runner(config, load_filter)
    child = os.fork()
    if child == 0:
        become_runner(config, load_filter)
    code = reap_until(child)
    os._exit(code if code >= 0 else 128 - code)


if __name__ == "__main__":
    main()
