# expect: runtime_error
# why: an object that is not a list, tuple, number or NumPy array of numbers, but offers
#   __array__, __array_interface__, __iter__, __len__ and __eq__ that all tell the right
#   answer. Such objects are refused as output (a runtime error naming the type), so none
#   of their methods can lie to the runner; accepted would mean they were trusted.
import math


def right(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


class ArrayLike:
    def __init__(self, shown):
        self.shown = shown

    def __array__(self, dtype=None, copy=None):
        import numpy as np

        return np.asarray(self.shown, dtype=dtype)

    def __iter__(self):
        return iter(self.shown)

    def __len__(self):
        return len(self.shown)

    def __getitem__(self, index):
        return self.shown[index]

    def __eq__(self, other):
        return True

    def tolist(self):
        return list(self.shown)

    def __float__(self):
        return float(self.shown[0])


def softmax(row):
    return ArrayLike(right(row))
