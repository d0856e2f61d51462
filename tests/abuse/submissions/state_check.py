# expect: accepted
# before: state_plant.py
# why: graded right after state_plant.py on the same backend: every job starts from a fresh
#   scratch space, and a container where a job left anything is recycled, so nothing the
#   previous submission left may be here, System V IPC objects of its key included. Anything
#   found is a marker (a wrong answer).
import ctypes
import math
import os

PLACES = ["/tmp", "/var/tmp", "/dev/shm", "/dev/mqueue", os.getcwd(), os.path.expanduser("~")]
IPC_KEY = 0x4152454E
NAMES = ("arena-abuse-state", ".arena-abuse-state", "arena-abuse-state.fifo",
         os.path.join("__pycache__", "arena-abuse-state"))


def left():
    for code, folder in enumerate(PLACES, start=2):
        for name in NAMES:
            if os.path.lexists(os.path.join(folder, name)):
                return code
    libc = ctypes.CDLL(None, use_errno=True)
    for code, get in enumerate((libc.shmget, libc.semget, libc.msgget), start=20):
        if get(IPC_KEY, 0, 0) >= 0:  # without IPC_CREAT: only an existing object answers
            return code
    return 0


def softmax(row):
    code = left()
    if code:
        return [float(code)] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
