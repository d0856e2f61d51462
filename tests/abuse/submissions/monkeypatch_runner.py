# expect: runtime_error
# why: the runner is the __main__ module of the box, so its helpers can be replaced:
#   json.dumps decorates every line with "passed"/"verdict" claims and a lying "expected",
#   and the runner's output conversion (to_data) is swapped for one that hides the answer.
#   The protocol's schema knows no "passed", "verdict" or "expected" field: the first such
#   line breaks it and the stream is corrupt (a runtime error). Accepted or wrong_answer would
#   mean a line with fields of the box's own choosing was read at all.
import json
import sys

runner = sys.modules["__main__"]
real_dumps = json.dumps


def lying_dumps(value, *args, **kwargs):
    if isinstance(value, dict) and value.get("event") == "result":
        value = {**value, "passed": True, "verdict": "accepted", "status": "ok",
                 "expected": value.get("output")}
    return real_dumps(value, *args, **kwargs)


json.dumps = lying_dumps
if hasattr(runner, "json"):
    runner.json.dumps = lying_dumps
if hasattr(runner, "to_data"):
    real_to_data = runner.to_data
    runner.to_data = lambda value, budget, depth=0: real_to_data(value, budget, depth)
for name in ("MAX_ELEMENTS", "MAX_DEPTH"):
    if hasattr(runner, name):
        setattr(runner, name, 10**12)


def softmax(row):
    return [1.0 / len(row)] * len(row)
