# expect: runtime_error
# why: sys.exit(0) while the module loads: a clean exit code is not a pass. No case has a
#   result, so every case fails.
import sys

sys.exit(0)


def softmax(row):
    return row
