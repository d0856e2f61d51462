"""The in-sandbox runner: the only code that runs beside learner code.

Reads one JSON job on stdin, loads the given source as a module and either calls its entry
point on each case or asks it for its cases, or (a lesson's cell) runs it as a script and sends
what it printed. Every result goes out as one JSON line on the
original stdout; the learner's own prints are sent to stderr. Nothing written here is a
verdict: the judge, outside the sandbox, decides from the data alone.
Standard library and NumPy only: this file is all of the engine that the sandbox holds.
PyTorch is never imported here: a tensor can only be returned by code that imported it.
"""

import io
import json
import linecache
import os
import sys
import time
import traceback
import types

try:  # imported ahead of the job, so that a warm sandbox has paid for it already
    import numpy
except ImportError:  # pragma: no cover - the image always has NumPy
    numpy = None

LIMITS = {"max_depth": 32, "max_text": 500, "max_traceback": 4000}  # the job's values replace these
NUMBERS = (int, float)  # exactly these types: bool and any subclass are other data
SHOWN_FRAMES = 12  # the learner's innermost frames a traceback keeps (deep recursion is cut)


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


def _tensor_type():
    """Return torch.Tensor if the learner's code imported PyTorch, else None."""
    torch = sys.modules.get("torch")
    return getattr(torch, "Tensor", None)


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
    tensor = _tensor_type()
    if tensor is not None and isinstance(value, tensor):
        if value.is_complex() or value.is_sparse or value.is_quantized:
            raise UnsupportedOutput(f"a tensor of dtype {value.dtype} and layout "
                                    f"{value.layout} is not real numbers")
        budget[0] -= value.numel()
        if budget[0] < 0:
            raise OutputTooLarge("output has too many elements")
        return value.detach().cpu().double().tolist()  # float16 and bfloat16 too
    if isinstance(value, (list, tuple)):
        items = list.__iter__(value) if isinstance(value, list) else tuple.__iter__(value)
        return [to_data(item, budget, depth + 1) for item in items]
    raise UnsupportedOutput(
        f"returned a {type(value).__name__}; return numbers in lists, tuples, NumPy arrays "
        "or PyTorch tensors"
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
    """Describe an exception: its type, its message, the learner's line, if any, and the
    traceback trimmed to the learner's own frames."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename]
    line = frames[-1].lineno if frames else None
    where = f" (line {line})" if line is not None else ""
    name = public_name(type(exc))
    message = f"{name}: {exc}"[:LIMITS["max_text"] - len(where)] + where
    return {"error_type": name[:100], "message": message, "line": line,
            "traceback": trimmed_traceback(exc, frames)}


def public_name(cls):
    """Return the name of an exception class as its library shows it: the nearest class
    without a private name (NumPy's _UFuncOutputCastingError is a UFuncTypeError)."""
    return next((c.__name__ for c in cls.__mro__ if not c.__name__.startswith("_")),
                cls.__name__)


def trimmed_traceback(exc, frames):
    """Format a traceback of the learner's frames only: no runner, library or NumPy frames."""
    shown = traceback.StackSummary.from_list(frames[-SHOWN_FRAMES:]).format()
    above = len(frames) - SHOWN_FRAMES
    cut = [f"  ... {above} more calls above\n"] if above > 0 else []
    last = "".join(traceback.format_exception_only(type(exc), exc))
    # An error raised before any of the learner's lines ran (a syntax error) is its last
    # line alone, as Python prints it.
    head = ["Traceback (most recent call last):\n", *cut, *shown] if frames else []
    text = "".join(head) + last
    limit = LIMITS["max_traceback"]
    return text if len(text) <= limit else text[:limit - 4] + " ..."


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
    # The learner's lines for its tracebacks (no file on disk holds them).
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
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
        if index == job.get("printed", len(job["cases"])):
            silence()  # the later calls (probes) repeat the examples: their prints are not shown
        case = json.loads(raw)  # a fresh copy per call: mutating inputs affects nothing else
        started = time.perf_counter()
        try:
            output = function(*case.get("args", []), **case.get("kwargs", {}))
            data = to_data(output, [allowance])
        except BaseException as exc:  # noqa: BLE001
            channel.send("result", case=index, seconds=time.perf_counter() - started,
                         **error_fields(exc, job["filename"]))
            continue
        seconds = time.perf_counter() - started
        changed = changed_argument(case, raw, job.get("arguments"))
        if changed is not None:
            channel.send("result", case=index, seconds=seconds, error_type="ChangedArgument",
                         message=changed, line=None)
            continue
        channel.send("result", case=index, seconds=seconds, output=data)


def changed_argument(case, raw, arguments):
    """Return the name of the first argument the call changed that it may not change (a
    statement's parameter name, or its position), or None."""
    if arguments is None:
        return None
    pristine = json.loads(raw)
    names, mutable = arguments["names"], set(arguments["mutable"])
    args = zip(case.get("args", []), pristine.get("args", []), strict=True)
    given = [(names[i] if i < len(names) else f"#{i + 1}", now, then)
             for i, (now, then) in enumerate(args)]
    given += [(key, case.get("kwargs", {}).get(key), then)
              for key, then in pristine.get("kwargs", {}).items()]
    return next((name for name, now, then in given
                 if name not in mutable and not unchanged(now, then)), None)


def unchanged(now, then):
    """Tell whether `now` is still the plain data `then` (NaN equal to NaN; an int equal to
    a float of its value), compared by exact type so that no subclass can claim equality."""
    if type(now) in NUMBERS and type(then) in NUMBERS:
        return now == then or (now != now and then != then)
    if type(now) is not type(then):
        return False
    if type(then) is list:
        return len(now) == len(then) and all(map(unchanged, now, then))
    if type(then) is dict:
        return now.keys() == then.keys() and all(unchanged(now[k], then[k]) for k in then)
    return now == then


def silence():
    """Send whatever the learner prints from now on nowhere."""
    sys.stdout.flush()
    sys.stderr.flush()
    sink = os.open(os.devnull, os.O_WRONLY)
    os.dup2(sink, 1)
    os.dup2(sink, 2)
    os.close(sink)


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
             **{key: float(c[key]) for key in ("rtol", "atol", "float32_scale") if key in c},
             **({"tier": str(c["tier"])} if "tier" in c else {})}
            for c in module.cases()
        ]
    except BaseException as exc:  # noqa: BLE001
        channel.send("load_error", **error_fields(exc, "cases.py"))
        return
    channel.send("cases", cases=cases)


class Captured(io.TextIOBase):
    """A script's standard output, kept up to `limit` characters; the rest only counted."""

    def __init__(self, limit):
        super().__init__()
        self.parts, self.kept, self.limit, self.truncated = [], 0, limit, False

    def writable(self):
        return True

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        room = self.limit - self.kept
        if len(text) > room:
            self.truncated = True
        if room > 0:
            self.parts.append(text[:room])
            self.kept += min(len(text), room)
        return len(text)

    def text(self):
        return "".join(self.parts)


def run_script(job, channel):
    """Run the source as a script (as `python cell.py` would) with its prints captured; its
    traceback, trimmed to its own frames, goes to stderr as Python's would."""
    filename, source = job["filename"], job["source"]
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    captured = Captured(job["max_output"])
    module = types.ModuleType("__main__")
    module.__file__ = filename
    sys.modules["__main__"] = module
    error_type, line = None, None
    sys.stdout = captured
    try:
        exec(compile(source, filename, "exec", dont_inherit=True), module.__dict__)
    except SystemExit as exc:
        if exc.code not in (None, 0):
            error_type = "SystemExit"
            sys.stderr.write(f"{exc.code}\n")
    except BaseException as exc:  # noqa: BLE001 - every exception is the cell's to show
        error = error_fields(exc, filename)
        error_type, line = error["error_type"], error["line"] or getattr(exc, "lineno", None)
        sys.stderr.write(error["traceback"])
    finally:
        sys.stdout = sys.__stdout__
    channel.send("script", stdout=captured.text(), stdout_truncated=captured.truncated,
                 error_type=error_type, line=line if isinstance(line, int) else None)


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
    if job["mode"] == "script":
        run_script(job, channel)
        sys.stdout.flush()
        sys.stderr.flush()
        channel.send("end")
        os._exit(0)
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
