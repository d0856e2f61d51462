# expect: accepted
# why: the reference, the mutants and the cases never enter the box. Look where they could
#   be: the checkout beside the runner, usual install folders, and every file called
#   reference.py in a bounded walk of the file system. A reference found is a marker.
import math
import os
import sys
import time

PLACES = ["/challenges", "/app/challenges", "/opt/arena/challenges", "/srv/arena/challenges",
          "/work/main/challenges", "/usr/share/arena/challenges"]
SKIP = {"/proc", "/sys", "/dev", "/usr/lib", "/usr/share", "/usr/include", "/var/lib/dpkg"}


def looks_like_reference(path):
    try:
        with open(path, "rb") as handle:
            text = handle.read(65536)
    except OSError:
        return False
    return b"def softmax" in text and b"max(row)" in text


def places():
    runner = getattr(sys.modules["__main__"], "__file__", None)
    if runner:
        root = os.path.abspath(os.path.join(os.path.dirname(runner), "..", "..", ".."))
        yield os.path.join(root, "challenges")
    yield from PLACES


def found():
    for folder in places():
        if looks_like_reference(os.path.join(folder, "softmax", "reference.py")):
            return 2
        if os.path.isdir(folder) and os.listdir(folder):
            return 3  # the challenges folder is not even listable
    deadline = time.monotonic() + 4.0
    for root, dirs, files in os.walk("/"):
        dirs[:] = [d for d in dirs if os.path.join(root, d) not in SKIP
                   and d not in (".git", "node_modules", "site-packages", "__pycache__")]
        if time.monotonic() > deadline:
            break
        for name in files:
            if name in ("reference.py", "cases.py") and os.path.basename(root) == "softmax":
                if looks_like_reference(os.path.join(root, name)):
                    return 4
    return 0


def softmax(row):
    code = found()
    if code:
        return [float(code)] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
