# expect: accepted
# why: the weights probe (the extra call per public example with V replaced by the identity)
#   is answered through the runner's own result channel with [[10**400]]: a JSON integer that
#   no float holds. The probe only draws a picture: a probe result that breaks the schema is
#   ignored (weights null), never a crash of the grader (internal_error); the verdict comes
#   from the cases, which are answered right (accepted).
import sys

import numpy as np


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


def right(Q, K, V):
    Q, K, V = (np.asarray(m, dtype=np.float64) for m in (Q, K, V))
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    return (weights / weights.sum(axis=1, keepdims=True)) @ V


def attention(Q, K, V):
    values = np.asarray(V, dtype=np.float64)
    if values.ndim == 2 and values.shape[0] == values.shape[1] \
            and np.array_equal(values, np.eye(len(values))):
        forge_next_result(output=[[10**400]])
    return right(Q, K, V)
