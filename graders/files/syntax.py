"""Syntax checks of a challenge's files: each Python file and challenge.toml parsed (never
compiled or run), each problem said with its file and line."""

from __future__ import annotations

import ast
import hashlib
import re
import tomllib

from graders.problems import Problem

_TOML_LOCATION = re.compile(r" \(at line (\d+), column \d+\)$")


def syntax_problems(files: dict[str, bytes]) -> list[Problem]:
    """Parse (never compile or run) each Python file and challenge.toml; say what does not."""
    found = (_syntax_problem(path, data) for path, data in sorted(files.items()))
    return [problem for problem in found if problem]


def _syntax_problem(path: str, data: bytes) -> Problem | None:
    if path.endswith(".py"):
        return _python_problem(path, data)
    if path == "challenge.toml":
        return _toml_problem(data)
    return None


_PARSED: dict[tuple[str, bytes], Problem | None] = {}  # by (path, sha256 of the source)
_PARSED_KEPT = 4096


def _python_problem(path: str, source: bytes) -> Problem | None:
    """Parse one file, once per content: every sync and validation reads the same files."""
    key = (path, hashlib.sha256(source).digest())
    if key not in _PARSED:
        if len(_PARSED) >= _PARSED_KEPT:
            _PARSED.clear()
        _PARSED[key] = _parse_problem(path, source)
    return _PARSED[key]


def _parse_problem(path: str, source: bytes) -> Problem | None:
    try:
        ast.parse(source, filename=path)
    except SyntaxError as error:
        return Problem(f"syntax error: {error.msg}", path, error.lineno or None)
    except (RecursionError, MemoryError):
        return Problem("is nested too deeply to parse", path)
    except ValueError as error:
        return Problem(f"cannot be parsed: {error}", path)
    return None


def _toml_problem(data: bytes) -> Problem | None:
    try:
        tomllib.loads(data.decode("utf-8", "replace"))
    except ValueError as error:  # TOMLDecodeError, or an integer too long to convert
        location = _TOML_LOCATION.search(str(error))
        return Problem(f"not valid TOML: {_TOML_LOCATION.sub('', str(error))}", "challenge.toml",
                       int(location[1]) if location else None)
    except (RecursionError, MemoryError):
        return Problem("is nested too deeply to parse", "challenge.toml")
    return None
