# expect: runtime_error
# why: an answer whose __reduce__ would create a file on the host (and claim the right
#   answer) the moment anything unpickled it. Results are JSON data only: the object is
#   refused in the box as an unsupported output (a runtime error), and the suite checks
#   that the host file was never created. Raw pickle bytes are refused the same way.
import math
import pickle


def right(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


PWNED = "/tmp/arena-abuse-pwned-pickle-return"


class Payload:
    def __init__(self, answer):
        self.answer = answer

    def __reduce__(self):
        return (open, (PWNED, "w"))

    def __iter__(self):
        return iter(self.answer)

    def __len__(self):
        return len(self.answer)


def softmax(row):
    payload = Payload(right(row))
    if len(row) == 1:
        return pickle.dumps(payload)  # bytes: refused too
    return payload
