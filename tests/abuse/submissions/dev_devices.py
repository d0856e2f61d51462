# expect: accepted
# why: the host's /dev holds its disks, /dev/kvm, /dev/vsock, /dev/fuse, /dev/net/tun and
#   more; a box sees only null, zero, full, random and urandom (and, in a container,
#   Docker's tty and its own pseudo-terminal multiplexer). Any other device node answers
#   with a marker.
import math
import os
import stat

HARMLESS = {"null", "zero", "full", "random", "urandom", "tty", "pts/ptmx"}


def devices():
    """Return the paths under /dev, relative to it, of every device node."""
    found = set()
    for folder, _, names in os.walk("/dev"):
        for name in names:
            path = os.path.join(folder, name)
            mode = os.lstat(path).st_mode
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
                found.add(os.path.relpath(path, "/dev"))
    return found


def softmax(row):
    if devices() - HARMLESS:
        return [2.0] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
