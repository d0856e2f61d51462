# expect: runtime_error
# why: pickle bytes (a payload that creates a file on the host when unpickled) written to
#   stdout, stderr and every other open descriptor, including the runner's result stream.
#   The host parses JSON lines only: the corrupted stream ends the results (a runtime error)
#   and nothing is ever unpickled (the suite checks the host file does not exist).
import math
import os
import pickle
import sys

PWNED = "/tmp/arena-abuse-pwned-pickle-stream"


class Payload:
    def __reduce__(self):
        return (open, (PWNED, "w"))


BLOB = pickle.dumps(Payload(), protocol=0) + b"\n" + pickle.dumps(Payload()) + b"\n"


def softmax(row):
    sys.stdout.buffer.write(BLOB)
    sys.stdout.flush()
    for fd in range(0, 21):
        try:
            os.write(fd, BLOB)
        except OSError:
            pass
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
