# expect: accepted
# max-seconds: 8
# why: SIGSTOP to the parent and to PID 1 (DOMjudge's test-suspend-ppid): a stopped parent
#   must not hang the grading or hold the box open until the wall clock. Correct answers,
#   then the run must end promptly (the suite checks it took well under the time limit).
import math
import os
import signal

done = []


def softmax(row):
    if not done:
        done.append(True)
        for pid in {os.getppid(), 1}:
            if pid not in (0, os.getpid()):
                try:
                    os.kill(pid, signal.SIGSTOP)
                except OSError:
                    pass
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
