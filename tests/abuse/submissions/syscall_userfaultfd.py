# expect: accepted
# why: userfaultfd lets a process stall the kernel at a page fault of its choosing, the usual
#   lever for racing a kernel bug; in user mode even an unprivileged process may create one.
#   It must fail with EPERM or ENOSYS (the box's system-call filter); a descriptor, or any
#   other error, answers with a marker.
import ctypes
import math
import os
import platform

USERFAULTFD = {"x86_64": 323, "aarch64": 282}
UFFD_USER_MODE_ONLY = 1


def softmax(row):
    libc = ctypes.CDLL(None, use_errno=True)
    flags = os.O_CLOEXEC | os.O_NONBLOCK | UFFD_USER_MODE_ONLY
    if libc.syscall(USERFAULTFD[platform.machine()], flags) >= 0 \
            or ctypes.get_errno() not in (1, 38):
        return [2.0] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
