# expect: time_limit_exceeded
# time-limit: 3
# why: waiting for a signal that never comes (with SIGALRM and SIGTERM ignored, so an
#   in-process timer or a polite termination cannot end it) must still end at the wall clock.
import signal


def softmax(row):
    for number in (signal.SIGALRM, signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(number, signal.SIG_IGN)
    while True:
        signal.pause()
