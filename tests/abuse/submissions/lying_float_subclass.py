# expect: wrong_answer
# why: float and int subclasses whose real value is 0 while __float__, __int__, __index__,
#   __repr__, __eq__ and __array__ all tell the right answer. The runner must take the real
#   value; trusting the subclass would give accepted.
import math


def right(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


class LyingFloat(float):
    def __new__(cls, shown):
        value = super().__new__(cls, 0.0)
        value.shown = shown
        return value

    def __float__(self):
        return self.shown

    def __repr__(self):
        return repr(self.shown)

    __str__ = __repr__

    def __eq__(self, other):
        return True

    __hash__ = float.__hash__

    def __array__(self, dtype=None, copy=None):
        import numpy as np

        return np.asarray(self.shown, dtype=dtype)


class LyingInt(int):
    def __int__(self):
        return 1

    def __index__(self):
        return 1

    def __float__(self):
        return 1.0


def softmax(row):
    answer = [LyingFloat(value) for value in right(row)]
    if len(row) == 1:
        return [LyingInt(0)]  # the right answer is [1.0]; the real value is 0
    return answer
