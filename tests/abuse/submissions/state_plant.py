# expect: accepted
# why: leave something for the next submission: files in /tmp, /var/tmp, /dev/shm and the
#   working folder, a hidden "__pycache__" there, and a named pipe. state_check.py, graded
#   right after this one, must find none of it.
import math
import os

PLACES = ["/tmp", "/var/tmp", "/dev/shm", os.getcwd(), os.path.expanduser("~")]


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
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
