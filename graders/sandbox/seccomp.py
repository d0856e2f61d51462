"""The system calls a box may make: one allow-list for both backends.

Everything not listed fails with EPERM, as in Docker's own profile; `clone3` fails with ENOSYS,
as if the kernel did not have it, so that glibc falls back to `clone`, whose flags a filter can
read (`clone3` passes them in memory). Left out on purpose, among others: io_uring,
userfaultfd, the key rings (`keyctl`, `add_key`, `request_key`), `bpf`, `perf_event_open`,
`ptrace` and `process_vm_*`, namespaces and mounts (`unshare`, `setns`, `mount`, ...),
file handles (`open_by_handle_at`), System V IPC and NUMA policy. Sockets only of the Unix and
IP families (the box has no network, so IP reaches nothing) and netlink's routing family
(which glibc reads the box's interfaces with). Docker applies it as a seccomp profile;
the process backend's launcher loads the same rules through libseccomp.
"""

from __future__ import annotations

import errno
import json

ALLOWED = (
    # files and descriptors
    "read", "write", "readv", "writev", "pread64", "pwrite64", "preadv", "pwritev",
    "preadv2", "pwritev2", "open", "openat", "openat2", "creat", "close", "close_range",
    "lseek", "stat", "fstat", "lstat", "newfstatat", "statx", "statfs", "fstatfs", "access",
    "faccessat", "faccessat2", "readlink", "readlinkat", "getdents", "getdents64", "getcwd",
    "chdir", "fchdir", "mkdir", "mkdirat", "rmdir", "unlink", "unlinkat", "rename",
    "renameat", "renameat2", "link", "linkat", "symlink", "symlinkat", "chmod", "fchmod",
    "fchmodat", "truncate", "ftruncate", "fallocate", "fsync", "fdatasync", "flock", "fcntl",
    "dup", "dup2", "dup3", "pipe", "pipe2", "ioctl", "umask", "utime", "utimes", "utimensat",
    "mknodat", "sendfile", "copy_file_range", "splice", "tee", "fadvise64", "getxattr",
    "lgetxattr", "fgetxattr", "listxattr", "llistxattr", "flistxattr", "memfd_create",
    # waiting on descriptors
    "select", "pselect6", "poll", "ppoll", "epoll_create", "epoll_create1", "epoll_ctl",
    "epoll_wait", "epoll_pwait", "epoll_pwait2", "eventfd", "eventfd2", "signalfd",
    "signalfd4", "timerfd_create", "timerfd_settime", "timerfd_gettime",
    # memory
    "brk", "mmap", "munmap", "mremap", "mprotect", "madvise", "mincore", "msync", "mlock",
    "mlock2", "munlock", "mlockall", "munlockall", "membarrier",
    # processes and threads (`clone` only without new namespaces: see RULES)
    "fork", "vfork", "execve", "execveat", "exit", "exit_group", "wait4", "waitid", "kill",
    "tkill", "tgkill", "getpid", "getppid", "gettid", "getuid", "geteuid", "getgid",
    "getegid", "getresuid", "getresgid", "getgroups", "getpgid", "getpgrp", "getsid",
    "setsid", "setpgid", "prctl", "arch_prctl", "set_tid_address", "set_robust_list", "rseq",
    "futex", "futex_waitv", "sched_yield", "sched_getaffinity", "sched_setaffinity",
    "sched_getparam", "sched_getscheduler", "sched_get_priority_max",
    "sched_get_priority_min", "getpriority", "setpriority", "getrlimit", "setrlimit",
    "prlimit64", "getrusage", "times", "sysinfo", "uname", "capget", "getcpu", "pidfd_open",
    "pidfd_send_signal", "seccomp",
    # a box's init.py gives each job its uid; a job, with no capability, changes nothing
    "setuid", "setgid", "setgroups",
    # signals and time
    "restart_syscall", "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "rt_sigsuspend",
    "rt_sigpending", "rt_sigtimedwait", "sigaltstack", "pause", "alarm", "getitimer",
    "setitimer", "nanosleep", "clock_nanosleep", "clock_gettime", "clock_getres",
    "gettimeofday", "time", "getrandom",
    # sockets (`socket` and `socketpair` only of some families: see RULES)
    "bind", "connect", "listen", "accept", "accept4", "getsockname", "getpeername", "sendto",
    "recvfrom", "sendmsg", "recvmsg", "sendmmsg", "recvmmsg", "shutdown", "setsockopt",
    "getsockopt",
)
AF_UNIX, AF_INET, AF_INET6, AF_NETLINK = 1, 2, 10, 16
NETLINK_ROUTE = 0
# Every CLONE_NEW* flag (NS, CGROUP, UTS, IPC, USER, PID, NET, TIME): a clone that asks for
# one fails, as `unshare` and `setns` do.
NEW_NAMESPACES = 0x7E020080


def _equal(index: int, value: int) -> dict:
    return {"index": index, "value": value, "op": "SCMP_CMP_EQ"}


# (system call, its arguments' conditions, all of which must hold); one entry per case allowed.
RULES = (
    ("socket", (_equal(0, AF_UNIX),)),
    ("socket", (_equal(0, AF_INET),)),
    ("socket", (_equal(0, AF_INET6),)),
    ("socket", (_equal(0, AF_NETLINK), _equal(2, NETLINK_ROUTE))),
    ("socketpair", (_equal(0, AF_UNIX),)),
    # The flags are clone's first argument on x86-64 and arm64 (not on s390x: unsupported).
    ("clone", ({"index": 0, "value": NEW_NAMESPACES, "valueTwo": 0, "op": "SCMP_CMP_MASKED_EQ"},)),
)
DENIED_WITH = errno.EPERM
ABSENT = ("clone3",)  # fail with ENOSYS instead: callers then fall back to an older call


def profile() -> dict:
    """Return the allow-list as a Docker seccomp profile (the format runc and Podman read)."""
    syscalls = [{"names": list(ALLOWED), "action": "SCMP_ACT_ALLOW"}]
    syscalls += [{"names": [name], "action": "SCMP_ACT_ALLOW", "args": list(args)}
                 for name, args in RULES]
    syscalls.append({"names": list(ABSENT), "action": "SCMP_ACT_ERRNO",
                     "errnoRet": errno.ENOSYS})
    return {"defaultAction": "SCMP_ACT_ERRNO", "defaultErrnoRet": DENIED_WITH,
            "syscalls": syscalls}


def docker_option() -> str:
    """Return the `security_opt` entry that applies the profile to a container."""
    return "seccomp=" + json.dumps(profile(), separators=(",", ":"))
