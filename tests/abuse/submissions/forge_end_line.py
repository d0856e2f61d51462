# expect: runtime_error
# why: right answers, but on the first call an early end line ({"event": "end"}, exactly as
#   the runner writes it) goes into every descriptor 0 to 20, the result stream among them,
#   and the code then takes its time. A host that stopped reading at the first end line it
#   saw, or a judge that took the end at its word, would lose or mis-assign results; ours
#   reads the stream strictly: anything after the end corrupts it and the cases without a
#   well-formed result fail (a runtime error).
import math
import os
import time

END = b'{"event": "end"}\n'
calls = []


def softmax(row):
    if not calls:
        for fd in range(0, 21):
            try:
                os.write(fd, END)
            except OSError:
                pass
        time.sleep(0.2)
    calls.append(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
