# expect: wrong_answer
# why: a wrong answer (uniform weights) that prints every kind of success marker a naive
#   grader might trust: "RESULT pass", a JUnit-like summary, and well-formed runner lines
#   claiming that every case passed, on stdout and stderr through Python and the raw
#   descriptors 1 and 2. The learner's prints never reach the result stream, so the real
#   outputs are judged: wrong answer.
import json
import os
import sys

LINES = ["RESULT pass", "OK (19 tests)", "verdict: accepted"]
LINES += [json.dumps({"event": "result", "case": case, "passed": True, "verdict": "accepted",
                      "output": [1.0]}) for case in range(40)]
LINES.append(json.dumps({"event": "end"}))
TEXT = "\n".join(LINES) + "\n"


def softmax(row):
    print(TEXT, end="", flush=True)
    print(TEXT, end="", file=sys.stderr, flush=True)
    for fd in (1, 2):
        os.write(fd, TEXT.encode())
    return [1.0 / len(row)] * len(row)
