# expect: accepted
# why: fill /tmp and /dev/shm, file after file, until the box says no. Each has a small
#   size cap (64 MiB) and a file-size limit; had 200 MiB fitted in either, the cap would be
#   missing and the answer becomes a marker (a wrong answer). The host's /tmp and free disk
#   space must be unchanged afterwards (the suite checks both).
import math
import os

CHUNK = b"\0" * (1 << 20)
CEILING = 200  # MiB: far above any scratch space a box may have


def fill(folder):
    """Write 8 MiB files into `folder` until an error; return how many MiB fitted."""
    written = 0
    index = 0
    try:
        while written < CEILING:
            with open(os.path.join(folder, f"fill-{index}"), "wb") as handle:
                for _ in range(8):
                    handle.write(CHUNK)
                    handle.flush()
                    written += 1
            index += 1
    except OSError:
        pass
    for name in os.listdir(folder):
        if name.startswith("fill-"):
            os.unlink(os.path.join(folder, name))
    return written


def softmax(row):
    for code, folder in enumerate(("/tmp", "/dev/shm"), start=2):
        if os.path.isdir(folder) and fill(folder) >= CEILING:
            return [float(code)] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
