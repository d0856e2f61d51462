# expect: runtime_error
# why: learner code shares the runner's process and its `time` module: time.perf_counter is
#   replaced by a clock that jumps by 10**400 between the start and the end of every call, so
#   each result line reports `seconds` as a 401-digit JSON integer (no float holds it). The
#   host validates every field (finite, bounded numbers): the result breaks the schema, a
#   runtime_error, never a crash of the grader (internal_error). The answers are right.
import math
import time

ticks = []


def jumping_clock():
    ticks.append(None)
    return 0 if len(ticks) % 2 else 10**400


time.perf_counter = jumping_clock


def softmax(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
