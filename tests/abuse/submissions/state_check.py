# expect: accepted
# before: state_plant.py
# why: graded right after state_plant.py on the same backend: every box starts from a fresh
#   scratch space, so nothing the previous submission left may be here. Anything found is a
#   marker (a wrong answer).
import math
import os

PLACES = ["/tmp", "/var/tmp", "/dev/shm", os.getcwd(), os.path.expanduser("~")]
NAMES = ("arena-abuse-state", ".arena-abuse-state", "arena-abuse-state.fifo",
         os.path.join("__pycache__", "arena-abuse-state"))


def left():
    for code, folder in enumerate(PLACES, start=2):
        for name in NAMES:
            if os.path.lexists(os.path.join(folder, name)):
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
