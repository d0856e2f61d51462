# expect: time_limit_exceeded
# time-limit: 3
# why: ignoring and blocking every catchable signal (SIGTERM, SIGALRM, SIGXCPU, ...) before a
#   busy loop: only SIGKILL from outside can end it, and it must.
import signal


def softmax(row):
    for number in signal.valid_signals():
        try:
            signal.signal(number, signal.SIG_IGN)
        except (OSError, ValueError):
            pass
    signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
    while True:
        pass
