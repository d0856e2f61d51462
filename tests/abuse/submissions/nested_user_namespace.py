# expect: accepted
# why: a user namespace of its own makes the box's code root over new mount and network
#   namespaces: much of the kernel that only root could reach opens up. `unshare` and a
#   `clone` asking for a new namespace must fail with EPERM or ENOSYS (the box's system-call
#   filter), and so must the `unshare -U` program; one that works answers with a marker.
import ctypes
import math
import os
import platform
import shutil
import signal
import subprocess

CLONE = {"x86_64": 56, "aarch64": 220}
CLONE_NEWUSER, CLONE_NEWNS = 0x10000000, 0x00020000


def reached():
    """Return a code (>= 2) for the first way into a new namespace that works, else 0."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWUSER) == 0 or ctypes.get_errno() not in (1, 38):
        return 2
    if libc.unshare(CLONE_NEWNS) == 0 or ctypes.get_errno() not in (1, 38):
        return 3
    child = libc.syscall(CLONE[platform.machine()], CLONE_NEWUSER | signal.SIGCHLD, 0, 0, 0, 0)
    if child == 0:
        os._exit(0)
    if child > 0:
        os.waitpid(child, 0)
        return 4
    if ctypes.get_errno() not in (1, 38):
        return 5
    program = shutil.which("unshare")
    if program and subprocess.run([program, "-U", "true"], capture_output=True).returncode == 0:
        return 6
    return 0


def softmax(row):
    code = reached()
    if code:
        return [float(code)] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
