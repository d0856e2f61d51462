# expect: wrong_answer
# why: a list subclass whose storage holds a wrong answer while every way of looking at it
#   (iteration, indexing, len, ==, repr, tolist) shows the right one. The runner must read the
#   real items; had it trusted the subclass, the verdict would be accepted.
import math


def right(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


class Liar(list):
    def __init__(self, truth, shown):
        super().__init__(truth)
        self.shown = shown

    def __iter__(self):
        return iter(self.shown)

    def __getitem__(self, index):
        return self.shown[index]

    def __len__(self):
        return len(self.shown)

    def __eq__(self, other):
        return True

    def __repr__(self):
        return repr(self.shown)

    def tolist(self):
        return list(self.shown)

    def __array__(self, dtype=None, copy=None):
        import numpy as np

        return np.asarray(self.shown, dtype=dtype)


def softmax(row):
    return Liar([0.0] * len(row), right(row))
