# expect: accepted
# why: leave something for the next submission: files in /tmp, /var/tmp, /dev/shm,
#   /dev/mqueue (a POSIX message queue), the working folder and home, a hidden "__pycache__"
#   there, a named pipe, and System V shared memory, semaphores and a message queue (which
#   the system-call filter refuses). state_check.py, graded right after this one (in the same
#   Docker container unless it was recycled for what was left), must find none of it.
import ctypes
import math
import os

PLACES = ["/tmp", "/var/tmp", "/dev/shm", "/dev/mqueue", os.getcwd(), os.path.expanduser("~")]
IPC_CREAT, IPC_KEY = 0o1000, 0x4152454E


def plant_ipc():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.shmget(IPC_KEY, 4096, IPC_CREAT | 0o666)
    libc.semget(IPC_KEY, 1, IPC_CREAT | 0o666)
    libc.msgget(IPC_KEY, IPC_CREAT | 0o666)


def plant():
    for folder in PLACES:
        for name in ("arena-abuse-state", ".arena-abuse-state"):
            try:
                with open(os.path.join(folder, name), "w") as handle:
                    handle.write("planted by state_plant.py")
            except OSError:
                pass
        try:
            os.makedirs(os.path.join(folder, "__pycache__"), exist_ok=True)
            with open(os.path.join(folder, "__pycache__", "arena-abuse-state"), "w") as handle:
                handle.write("planted")
        except OSError:
            pass
        try:
            os.mkfifo(os.path.join(folder, "arena-abuse-state.fifo"))
        except OSError:
            pass


def softmax(row):
    plant()
    plant_ipc()
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
