"""The in-sandbox runner: the only code that runs beside learner code.

Reads one JSON job on stdin, loads the given source as a module and either calls its entry
point on each case or asks it for its cases. Every result goes out as one JSON line on the
original stdout; the learner's own prints are sent to stderr. Nothing written here is a
verdict: the judge, outside the sandbox, decides from the data alone.
Standard library and NumPy only: this file is all of the engine that the sandbox holds.
"""

import json
import os
import sys
import time
import traceback
import types

try:  # imported ahead of the job, so that a warm sandbox has paid for it already
    import numpy
except ImportError:  # pragma: no cover - the image always has NumPy
    numpy = None

LIMITS = {"max_depth": 32, "max_text": 500}  # the job's own values replace these


class UnsupportedOutput(TypeError):
    """The entry point returned something that is not numbers in lists, tuples or arrays."""


class OutputTooLarge(UnsupportedOutput):
    """The entry point returned more numbers than any answer has."""


def _number(value):
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int):
        return float(int.__int__(value))  # an int subclass cannot lie through __int__
    if isinstance(value, float):
        return float.__float__(value)  # nor a float subclass through __float__
    if numpy is not None and isinstance(value, numpy.generic) and value.dtype.kind in "biuf":
        return float(value.item())
    return None


def to_data(value, budget, depth=0):
    """Turn an output into nested lists of floats, refusing anything else."""
    if depth > LIMITS["max_depth"]:
        raise UnsupportedOutput("output nested too deeply")
    number = _number(value)
    if number is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise OutputTooLarge("output has too many elements")
        return number
    if numpy is not None and isinstance(value, numpy.ndarray):
        if value.dtype.kind not in "biuf":
            raise UnsupportedOutput(f"NumPy array of dtype {value.dtype} is not numeric")
        budget[0] -= value.size
        if budget[0] < 0:
            raise OutputTooLarge("output has too many elements")
        return numpy.asarray(value, dtype=numpy.float64).tolist()
    if isinstance(value, (list, tuple)):
        items = list.__iter__(value) if isinstance(value, list) else tuple.__iter__(value)
        return [to_data(item, budget, depth + 1) for item in items]
    raise UnsupportedOutput(
        f"returned a {type(value).__name__}; return numbers in lists, tuples or NumPy arrays"
    )


def to_input(value):
    """Turn a generated case argument into plain JSON data (arrays become lists)."""
    if numpy is not None and isinstance(value, (numpy.ndarray, numpy.generic)):
        return value.tolist()
    if isinstance(value, dict):
        return {str(k): to_input(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_input(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise UnsupportedOutput(f"a case argument is a {type(value).__name__}")


def error_fields(exc, filename):
    """Describe an exception: its type, its message and the learner's line, if any."""
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename == filename:
            line = frame.lineno
    where = f" (line {line})" if line is not None else ""
    message = f"{type(exc).__name__}: {exc}"[:LIMITS["max_text"] - len(where)] + where
    return {"error_type": type(exc).__name__[:100], "message": message, "line": line}


class Channel:
    """The results stream: one JSON object per line, flushed as it goes."""

    def __init__(self):
        self.stream = os.fdopen(os.dup(1), "w", encoding="utf-8")
        os.dup2(2, 1)  # the learner's prints go to stderr from now on

    def send(self, event, **fields):
        """Write one event."""
        self.stream.write(json.dumps({"event": event, **fields}, allow_nan=True) + "\n")
        self.stream.flush()


def load_module(source, filename, channel):
    """Compile and execute the source; report and return None when that fails."""
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as exc:
        line = getattr(exc, "lineno", None)
        where = f" (line {line})" if line else ""
        message = f"{type(exc).__name__}: {getattr(exc, 'msg', exc)}"
        channel.send("compile_error", error_type=type(exc).__name__, line=line,
                     message=message[:LIMITS["max_text"] - len(where)] + where)
        return None
    module = types.ModuleType("solution")
    module.__file__ = filename
    sys.modules["solution"] = module
    try:
        exec(code, module.__dict__)
    except BaseException as exc:  # noqa: BLE001 - SystemExit and friends are learner faults too
        channel.send("load_error", **error_fields(exc, filename))
        return None
    return module


def run_cases(module, job, channel):
    """Call the entry point once per case and send each output."""
    function = getattr(module, job["entry_point"], None)
    if not callable(function):
        channel.send("load_error", error_type="MissingEntryPoint", line=None,
                     message=f"the code defines no function named {job['entry_point']!r}")
        return
    for index, (raw, allowance) in enumerate(zip(job["cases"], job["max_elements"], strict=True)):
        case = json.loads(raw)  # a fresh copy per call: mutating inputs affects nothing else
        started = time.perf_counter()
        try:
            output = function(*case.get("args", []), **case.get("kwargs", {}))
            data = to_data(output, [allowance])
        except BaseException as exc:  # noqa: BLE001
            channel.send("result", case=index, seconds=time.perf_counter() - started,
                         **error_fields(exc, job["filename"]))
            continue
        channel.send("result", case=index, seconds=time.perf_counter() - started, output=data)


def names_of(name):
    """Split a case's name, a table by locale ({"en": ..., "ko": ...}) or English alone, into
    its English "name" and its "names" in the other locales."""
    table = name if isinstance(name, dict) else {"en": name}
    table = {str(k): str(v) for k, v in table.items()}
    return {"name": table.pop("en"), "names": table}


def list_cases(module, channel):
    """Ask an authored cases module for its cases and send them as data."""
    try:
        cases = [
            {**names_of(c["name"]), "public": bool(c.get("public", False)),
             "args": to_input(list(c.get("args", []))),
             "kwargs": to_input(dict(c.get("kwargs", {}))),
             "checks": to_input(list(c.get("checks", []))),
             **{key: float(c[key]) for key in ("rtol", "atol", "float32_scale") if key in c}}
            for c in module.cases()
        ]
    except BaseException as exc:  # noqa: BLE001
        channel.send("load_error", **error_fields(exc, "cases.py"))
        return
    channel.send("cases", cases=cases)


def main():
    """Run one job from stdin."""
    job = json.loads(sys.stdin.buffer.read())
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    run(job)


def run(job):
    """Run one job, its results on stdout, and end the process (never returns)."""
    channel = Channel()
    LIMITS.update({key: job[key] for key in LIMITS})
    module = load_module(job["source"], job["filename"], channel)
    if module is not None:
        if job["mode"] == "cases":
            list_cases(module, channel)
        else:
            run_cases(module, job, channel)
    sys.stdout.flush()
    sys.stderr.flush()  # the learner's prints go out before the end line, not after
    channel.send("end")
    os._exit(0)  # skip interpreter teardown: learner atexit hooks and threads get no say


if __name__ == "__main__":
    main()
