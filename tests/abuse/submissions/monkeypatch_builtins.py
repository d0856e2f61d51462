# expect: wrong_answer
# why: math.isclose, the comparison-ish builtins (all, any, abs, round, sorted), operator's
#   comparisons and float.hex patched to lie, then a wrong answer returned: a judge that
#   compared in this interpreter would be fooled; ours is in another process.
import builtins
import math
import operator

math.isclose = lambda *args, **kwargs: True
builtins.all = lambda iterable: True
builtins.any = lambda iterable: True
builtins.abs = lambda value: 0.0
builtins.round = lambda value, digits=None: 0.0
operator.eq = operator.le = operator.ge = lambda a, b: True
operator.ne = operator.lt = operator.gt = lambda a, b: False
try:
    float.__eq__ = lambda self, other: True  # refused: built-in types are immutable
except TypeError:
    pass


def softmax(row):
    return [0.5 for _ in row]
