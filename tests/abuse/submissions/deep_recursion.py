# expect: runtime_error
# why: the recursion limit raised to a million, then an endless recursion through C code
#   (repr of a deeply nested list) and through Python: whether it ends in RecursionError or
#   in a stack overflow (SIGSEGV), it is the learner's runtime error.
import sys


def dive(depth):
    return dive(depth + 1) + 1


def softmax(row):
    sys.setrecursionlimit(1_000_000)
    nested = []
    for _ in range(200_000):
        nested = [nested]
    repr(nested)
    return dive(0)
