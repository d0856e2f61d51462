# expect: accepted
# why: SIGKILL to the parent, to PID 1 and to every process it may signal (kill -1), then a
#   correct answer. The box's parent and init are not the learner's to kill (another uid, or
#   PID 1 of its own namespace) and the host's grader is out of sight. Had a kill landed, the
#   box would have died with it and the verdict would not be accepted.
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
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
        if os.getuid() >= 1_000_000:  # a box's own uid, never a developer's outside any box
            try:
                os.kill(-1, signal.SIGKILL)  # every process it may signal, except itself
            except OSError:
                pass
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
