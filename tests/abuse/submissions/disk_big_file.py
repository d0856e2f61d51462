# expect: accepted
# why: one file grown past the file-size limit (16 MiB) in the box's scratch space: the
#   kernel must refuse the write (EFBIG, or the tmpfs running full). Had 100 MiB fitted in one
#   file, neither limit held: the answer becomes a marker.
import math
import os


def softmax(row):
    chunk = b"x" * (1 << 20)
    written = 0
    try:
        with open("/tmp/big", "wb") as handle:
            while written < 100:
                handle.write(chunk)
                handle.flush()
                written += 1
    except OSError:
        pass
    finally:
        if os.path.exists("/tmp/big"):
            os.unlink("/tmp/big")
    if written >= 100:
        return [2.0] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
