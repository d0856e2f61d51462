# expect: runtime_error
# why: a wrong answer (uniform weights) that, on its first call, writes result lines for
#   cases 0 to 40 claiming success, then an end line, into every descriptor 0 to 20 (the
#   runner's own result stream is one of them). Lines without a usable output, duplicates and
#   lines after the end make the stream corrupt: the results stop there and the rest fail.
#   Accepted would mean a forged line counted as a pass.
import json
import os

LINES = [json.dumps({"event": "result", "case": case, "passed": True, "seconds": 0.001,
                     "verdict": "accepted"}) for case in range(41)]
LINES.append(json.dumps({"event": "end"}))
BLOB = ("\n".join(LINES) + "\n").encode()
calls = []


def softmax(row):
    if not calls:
        for fd in range(0, 21):
            try:
                os.write(fd, BLOB)
            except OSError:
                pass
    calls.append(row)
    return [1.0 / len(row)] * len(row)
