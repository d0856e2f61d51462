# expect: memory_limit_exceeded
# needs: memory-per-box
# why: four forked children of 300 MB each, together far over the 512 MB limit, each within
#   it. The limit holds for the box as a whole (its cgroup): the kernel kills one, and the
#   box ends as out of memory. Were the limit per process, all four would hold their memory
#   at once and the answer would be a marker.
import math
import os
import time

CHILDREN, SIZE = 4, 300 << 20


def holders():
    """Fork the children; return how many hold their memory at the same time."""
    children = []
    for _ in range(CHILDREN):
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            block = b"x" * SIZE  # written, so resident
            os.write(write, b"1")
            time.sleep(5)
            os._exit(len(block) and 0)
        os.close(write)
        children.append((pid, read))
    said = [os.read(read, 1) == b"1" for _, read in children]
    alive = [os.waitpid(pid, os.WNOHANG) == (0, 0) for pid, _ in children]
    return sum(s and a for s, a in zip(said, alive, strict=True))


def softmax(row):
    if holders() == CHILDREN:
        return [2.0] * len(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
