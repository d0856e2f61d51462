# expect: wrong_answer
# why: a NumPy array subclass whose data is wrong while tolist, astype, __array__, __iter__,
#   __getitem__ and __eq__ tell the right answer; an object array of lying floats comes on
#   the single-logit case. The runner must convert the real data (and refuse object arrays).
import math

import numpy as np


def right(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


class Liar(np.ndarray):
    shown = None

    def tolist(self):
        return list(self.shown)

    def astype(self, *args, **kwargs):
        return np.asarray(self.shown).astype(*args, **kwargs)

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self.shown, dtype=dtype)

    def __iter__(self):
        return iter(self.shown)

    def __getitem__(self, index):
        return self.shown[index]

    def __eq__(self, other):
        return np.ones(self.shape, dtype=bool)


def softmax(row):
    if len(row) == 1:
        objects = np.empty(1, dtype=object)
        objects[0] = 1.0
        return objects  # the right value, but as objects: refused
    liar = np.zeros(len(row)).view(Liar)
    liar.shown = right(row)
    return liar
