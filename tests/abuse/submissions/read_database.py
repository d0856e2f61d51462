# expect: accepted
# why: the data folder (database, secret key) is never visible in the box. The suite plants
#   a canary in a real data folder it hides (arena.db, secret_key) and in the grading user's
#   home; reading the canary from any file found on the way is a marker.
import math
import os
import sys
import time

CANARY = b"arena-abuse-canary"
NAMES = ("arena.db", "arena.db-wal", "secret_key", ".arena-abuse-canary")
SKIP = {"/proc", "/sys", "/dev", "/usr", "/lib", "/lib64", "/bin", "/sbin", "/etc", "/boot"}


def places():
    runner = getattr(sys.modules["__main__"], "__file__", None)
    if runner:  # the checkout: graders/images/python/runner.py, three folders up
        yield os.path.abspath(os.path.join(os.path.dirname(runner), "..", "..", ".."))
    yield from ("/data", "/var/lib", "/srv", "/opt", "/app", "/home", "/root", "/work", "/")


def holds_canary(path):
    try:
        with open(path, "rb") as handle:
            return CANARY in handle.read(1 << 20)
    except OSError:
        return False


def found():
    deadline = time.monotonic() + 4.0
    seen = set()
    for place in places():
        for root, dirs, files in os.walk(place):
            if root in seen or time.monotonic() > deadline:
                dirs[:] = []
                continue
            seen.add(root)
            dirs[:] = [d for d in dirs if os.path.join(root, d) not in SKIP
                       and d not in (".git", ".venv", "site-packages", "__pycache__")]
            for name in files:
                if (name in NAMES or name.endswith((".db", ".sqlite"))) \
                        and holds_canary(os.path.join(root, name)):
                    return 2
    return 0


def softmax(row):
    code = found()
    if code:
        return [float(code)] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
