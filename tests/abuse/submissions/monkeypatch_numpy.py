# expect: wrong_answer
# why: making NumPy's comparisons always say yes (allclose, isclose, array_equal, the testing
#   helpers) before returning a wrong answer: the judge compares outside the box with its own
#   NumPy, so the answer is still wrong. Accepted would mean the comparison ran in here.
import numpy as np
import numpy.testing


def always(*args, **kwargs):
    return True


def nothing(*args, **kwargs):
    return None


np.allclose = np.array_equal = np.array_equiv = always
np.isclose = lambda a, b, *args, **kwargs: np.ones(np.broadcast(a, b).shape, dtype=bool)
for name in ("assert_allclose", "assert_array_equal", "assert_almost_equal",
             "assert_array_almost_equal", "assert_equal"):
    setattr(numpy.testing, name, nothing)


def softmax(row):
    return [1.0 / len(row) + 0.25 for _ in row]
