# expect: runtime_error
# why: an answer nested a hundred thousand lists deep, which would crash a recursive encoder
#   or decoder on the host: refused in the box as nested too deeply (a runtime error).
def softmax(row):
    nested = [1.0]
    for _ in range(100_000):
        nested = [nested]
    return nested
