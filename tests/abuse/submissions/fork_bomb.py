# expect: time_limit_exceeded
# time-limit: 3
# why: a fork bomb must hit the process limit and the host's wall clock, not the host; every
#   process of it must be gone afterwards (the suite checks that no uid-65534 process is left).
import os


def softmax(row):
    while True:
        try:
            os.fork()
        except OSError:
            pass
