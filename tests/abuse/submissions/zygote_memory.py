# expect: accepted
# why: go after the process every job in a long-lived container is forked from (its PID 1,
#   and this job's parent): read its memory, environment and maps through /proc, attach to
#   it with ptrace, read it with process_vm_readv, stop it and kill it. It runs as another
#   uid and is not dumpable, and the system-call filter refuses ptrace: every attempt must
#   fail, and the box must still answer (a stopped or dead parent would end the run).
import ctypes
import math
import os
import signal

libc = ctypes.CDLL(None, use_errno=True)
PTRACE_ATTACH = 16


def reached():
    for target in {1, os.getppid()}:
        for name in ("mem", "environ", "maps"):
            try:
                with open(f"/proc/{target}/{name}", "rb") as handle:
                    if handle.read(64):
                        return True
            except OSError:
                pass
        if libc.ptrace(PTRACE_ATTACH, target, None, None) == 0:
            return True
        local = ctypes.create_string_buffer(16)
        iov = (ctypes.c_void_p * 2)(ctypes.cast(local, ctypes.c_void_p), 16)
        if libc.process_vm_readv(target, iov, 1, iov, 1, 0) > 0:
            return True
        for sig in (signal.SIGSTOP, signal.SIGKILL):
            try:
                os.kill(target, sig)
            except OSError:
                pass
    return False


def softmax(row):
    if reached():
        return [9.0] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
