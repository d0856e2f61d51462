# expect: accepted
# why: /root and /home hold keys, shell histories and tokens: both must look empty in the box
#   (the process backend binds back only the Python installation when it lives there). Any
#   other entry, or the canary the suite plants in the grading user's home, is a marker.
import math
import os
import sys

PYTHON = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.executable)}


def python_lives_under(path):
    return any(p == path or p.startswith(path + os.sep) for p in PYTHON)


def found():
    for code, home in enumerate(("/root", "/home"), start=2):
        try:
            entries = os.listdir(home)
        except OSError:
            continue
        for entry in entries:
            path = os.path.realpath(os.path.join(home, entry))
            if not python_lives_under(path):
                print(f"visible: {path}", file=sys.stderr)
                return code
    for secret in ("/root/.ssh", "/root/.bash_history", "/root/.docker/config.json",
                   "/root/.pgpass", "/root/.arena-abuse-canary", "/etc/shadow"):
        try:
            with open(secret, "rb") as handle:
                handle.read(1)
            return 5
        except OSError:
            pass
    return 0


def softmax(row):
    code = found()
    if code:
        return [float(code)] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
