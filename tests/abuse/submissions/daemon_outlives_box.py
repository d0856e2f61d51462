# expect: accepted
# max-seconds: 8
# why: two daemonised children (fork, setsid, fork again, renamed "abuse-linger"): one keeps
#   the box's stdout and stderr open, the other closes every descriptor so that no pipe
#   betrays it. Both sleep forever and would write to /tmp. The run must still end promptly
#   and no process of the box may survive it (the suite looks for "abuse-linger" on the host
#   right after this case, and for any uid-65534 process at the end).
import ctypes
import math
import os
import time

PR_SET_NAME = 15


def daemon(close_fds):
    if os.fork() != 0:
        return
    os.setsid()
    if os.fork() != 0:
        os._exit(0)
    try:
        ctypes.CDLL(None).prctl(PR_SET_NAME, b"abuse-linger", 0, 0, 0)
        if close_fds:
            os.closerange(0, 1024)
        while True:
            try:
                with open("/tmp/abuse-linger.log", "a") as log:
                    log.write(f"{time.time()}\n")
            except OSError:
                pass
            time.sleep(0.2)
    finally:
        os._exit(0)


daemon(close_fds=False)
daemon(close_fds=True)


def softmax(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
