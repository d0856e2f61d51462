# expect: output_limit_exceeded
# why: learner code runs in the runner's process, so it can make the runner write any result
#   line: the first case's line carries a 12 MB `message`. A box's stdout is capped at the
#   bytes its answers may take (a few kilobytes per case here), so the host stops the box long
#   before the line ends: an output limit, and no megabytes of learner text are stored or shown
#   (test_grading_integrity.py checks the stored rows). A shorter line that still broke the
#   500-character cap on strings would be a runtime_error (tests/graders/test_protocol.py).
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


calls = []


def softmax(row):
    if not calls:
        forge_next_result(error_type="ValueError",
                          message="ValueError: " + "arena-huge-message " * (12 * 2**20 // 19))
    calls.append(row)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
