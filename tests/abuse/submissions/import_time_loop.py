# expect: time_limit_exceeded
# time-limit: 3
# why: an endless loop while the module loads, before any entry point is called: the host's
#   clock must still end it, and every case counts as failed.
while True:
    pass


def softmax(row):
    return row
