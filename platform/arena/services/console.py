"""The challenge page's console: the arguments a learner types, parsed strictly on the host.

What is typed is read as the arguments of a call, `[[1, 0]], [[1, 0]], causal=True`, and may
hold only Python literals a challenge's inputs are made of: numbers, booleans, None, lists and
tuples (tuples become lists). Nothing is evaluated: the text is parsed, and every node of its
tree is checked against that list before `ast.literal_eval` reads the values.
"""

from __future__ import annotations

import ast
from typing import Any

from arena.bounds import MAX_CALL_BYTES, MAX_JSON_DEPTH
from arena.errors import PayloadTooLarge, Unprocessable

ALLOWED = (ast.Expression, ast.Call, ast.Name, ast.Load, ast.keyword, ast.Constant, ast.List,
           ast.Tuple, ast.UnaryOp, ast.USub, ast.UAdd)


def parse_call(text: str) -> dict[str, Any]:
    """Return `{"args": [...], "kwargs": {...}}` for the arguments typed; raise Unprocessable
    (422) for anything but literals of numbers, booleans, None, lists and tuples."""
    size = len(text.encode("utf-8", "replace"))
    if size > MAX_CALL_BYTES:
        raise PayloadTooLarge(f"input: {size} bytes is over the limit of {MAX_CALL_BYTES} bytes")
    try:
        tree = ast.parse(f"f({text}\n)", mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise Unprocessable("input: not the arguments of a call, such as [[1, 0]], [[1, 2]]") \
            from exc
    call = tree.body
    for node in ast.walk(tree):
        _check(node, call)
    _check_depth(call)
    args = [_list(ast.literal_eval(a)) for a in call.args]
    kwargs = {k.arg: _list(ast.literal_eval(k.value)) for k in call.keywords}
    return {"args": args, "kwargs": kwargs}


def _check(node: ast.AST, call: ast.Call) -> None:
    if not isinstance(node, ALLOWED) or (isinstance(node, ast.Name) and node is not call.func):
        raise Unprocessable("input: only numbers, True, False, None, lists and tuples")
    if isinstance(node, ast.Call) and node is not call:
        raise Unprocessable("input: only numbers, True, False, None, lists and tuples")
    if isinstance(node, ast.keyword) and node.arg is None:
        raise Unprocessable("input: only numbers, True, False, None, lists and tuples")
    if isinstance(node, ast.Constant) and not (
            node.value is None or isinstance(node.value, (bool, int, float))):
        raise Unprocessable("input: only numbers, True, False, None, lists and tuples")
    if isinstance(node, ast.UnaryOp) and not isinstance(node.operand, ast.Constant):
        raise Unprocessable("input: a sign goes before a number only")


def _check_depth(call: ast.Call) -> None:
    """Refuse lists nested deeper than any input (and than JSON may carry)."""
    stack = [(node, 1) for node in [*call.args, *(k.value for k in call.keywords)]]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise Unprocessable(f"input: lists nested deeper than {MAX_JSON_DEPTH}")
        if isinstance(node, (ast.List, ast.Tuple)):
            stack.extend((item, depth + 1) for item in node.elts)


def _list(value: Any) -> Any:
    """Turn tuples into lists (JSON's arrays); refuse a number JSON cannot carry."""
    if isinstance(value, (list, tuple)):
        return [_list(v) for v in value]
    if isinstance(value, float) and value != value or value in (float("inf"), float("-inf")):
        raise Unprocessable("input: NaN and infinities cannot be typed")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2**53:
        raise Unprocessable("input: an integer beyond 2**53")
    return value
