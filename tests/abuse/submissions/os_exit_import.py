# expect: runtime_error
# why: os._exit(0) while the module loads, skipping every handler: the process ends with
#   code 0 and no result at all, which must never read as success.
import os

os._exit(0)


def softmax(row):
    return row
