# expect: time_limit_exceeded
# time-limit: 3
# why: sleeping uses no CPU time, so only the host's wall clock can end it.
import time


def softmax(row):
    time.sleep(3600)
