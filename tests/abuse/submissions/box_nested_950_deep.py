# expect: runtime_error
# why: learner code runs in the runner's process, so it can make the runner write any result
#   line: here every case's line carries an output nested 950 lists deep (valid JSON, deeper
#   than any answer). Each field of a result is validated on the host, depth included: a result
#   that breaks the schema is the learner's runtime_error, never a crash of the grader
#   (internal_error) nor a recursion in storing or showing it.
import math
import sys


def runner_channel():
    """Return the runner's result channel: a caller's local with a `send` and a `stream`."""
    frame = sys._getframe(2)
    while frame is not None:
        for value in list(frame.f_locals.values()):
            if callable(getattr(value, "send", None)) and hasattr(value, "stream"):
                return value
        frame = frame.f_back
    return None


def forge_next_result(**fields):
    """Make the runner's next result line carry `fields` instead of its own answer."""
    channel = runner_channel()
    if channel is None:
        return
    real = channel.send

    def send(event, **sent):
        if event == "result":
            channel.send = real
            sent = {k: v for k, v in sent.items()
                    if k not in ("output", "error_type", "message", "line")}
            sent.update(fields)
        return real(event, **sent)

    channel.send = send


def nested(depth):
    value = [0.5]
    for _ in range(depth - 1):
        value = [value]
    return value


def softmax(row):
    forge_next_result(output=nested(950))
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
