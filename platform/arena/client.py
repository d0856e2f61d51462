"""The HTTP client behind `arena submit`, `show` and `pull`: read a challenge, send code, wait
for the verdict, print the table.

It uses the standard library only and imports nothing of the server, so that `arena submit`
starts at once (bench/cli_startup.py measures it; tests/arena/test_client.py keeps it so).
"""

from __future__ import annotations

import json
import os
import time
from typing import Any
from urllib.error import HTTPError, URLError
from urllib.parse import quote, urlencode
from urllib.request import Request, urlopen

POLL_SECONDS = (0.05, 0.1, 0.2, 0.3, 0.5, 1.0)  # pauses after reads answered at once
WAIT_SECONDS = 2  # each read waits this long on the server for the verdict (it may wait less)
REQUEST_SECONDS = 30


class ClientError(RuntimeError):
    """The server refused the request or could not be reached."""


class ArenaClient:
    """A thin client of the /api/v1 endpoints, authenticated by a bearer token."""

    def __init__(self, base_url: str, token: str | None, timeout: float = 120.0) -> None:
        self.base = base_url.rstrip("/")
        self.headers = {"Accept": "application/json"}
        language = os.environ.get("LANG", "").split("_")[0].split(".")[0]
        if language and language not in ("C", "POSIX"):
            self.headers["Accept-Language"] = language  # texts in the learner's language
        if token:
            self.headers["Authorization"] = f"Bearer {token}"
        self.timeout = timeout

    def _request(self, method: str, path: str, json_body: Any = None) -> dict:
        url = path if path.startswith("http") else f"{self.base}{path}"
        if not url.startswith(("http://", "https://")):
            raise ClientError(f"not an http(s) URL: {url!r} (check ARENA_URL)")
        headers, data = dict(self.headers), None
        if json_body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(json_body).encode("utf-8")
        try:
            with urlopen(Request(url, data, headers, method=method),
                         timeout=REQUEST_SECONDS) as response:
                status, reason, raw = response.status, response.reason, response.read()
        except HTTPError as exc:  # a 4xx or 5xx answer: its body says why
            status, reason, raw = exc.code, exc.reason, exc.read()
        except TimeoutError as exc:
            raise ClientError(f"{self.base} did not answer within {REQUEST_SECONDS} s") from exc
        except (URLError, OSError) as exc:
            raise ClientError(f"cannot reach {self.base}: is `arena serve` running?") from exc
        try:
            body = json.loads(raw)
        except ValueError as exc:
            raise ClientError(f"{status}: the server answered no JSON") from exc
        if status >= 400:
            error = body.get("error", {}) if isinstance(body, dict) else {}
            raise ClientError(f"{status} {error.get('code', 'error')}: "
                              f"{error.get('message', reason)}")
        return body

    def challenge(self, slug: str, lang: str | None = None) -> dict:
        """Return a challenge as the API shows it: title, statement, starter code..."""
        query = f"?{urlencode({'lang': lang})}" if lang else ""
        return self._request("GET", f"/api/v1/challenges/{quote(slug, safe='')}{query}")

    def grade(self, slug: str, code: str, run: bool = False) -> dict:
        """Submit (or run) `code` and return the finished result."""
        kind = "runs" if run else "submissions"
        body = self._request("POST", f"/api/v1/challenges/{slug}/{kind}", {"code": code})
        return self.wait(body) if body.get("status") != "done" else body

    def wait(self, body: dict) -> dict:
        """Read a submission's URL until it is done or the timeout passes: each read waits on
        the server for the verdict (long polling); one answered at once (the server had no
        place to wait) is followed by a pause."""
        deadline = time.monotonic() + self.timeout
        url = body["url"]
        waiting = f"{url}{'&' if '?' in url else '?'}wait={WAIT_SECONDS}"
        for attempt in range(10**6):
            if body.get("status") == "done":
                return body
            if time.monotonic() > deadline:
                raise ClientError(f"no verdict after {self.timeout:.0f} s; see {url}")
            asked = time.monotonic()
            body = {**self._request("GET", waiting), "url": url}
            if body.get("status") != "done" and time.monotonic() - asked < WAIT_SECONDS / 2:
                time.sleep(POLL_SECONDS[min(attempt, len(POLL_SECONDS) - 1)])
        raise ClientError("gave up waiting")


def format_result(result: dict) -> str:
    """Render a finished result: a row per test (hidden rows that say the same thing as one
    row), the named bug once, then the verdict; a run ends with what its public examples say,
    never with a verdict (the hidden tests decide that)."""
    lines = []
    for mark, kind, names, message, test in _rows(result.get("tests", [])):
        named = names[0] if len(names) == 1 else f"{len(names)} tests ({_listed(names)})"
        lines.append(f"{mark}  {kind}  {named}{message}")
        if kind == "public" and mark == "FAIL" and test.get("got") is not None:
            lines.append(f"      expected {test.get('expected')}")
            lines.append(f"      got      {test.get('got')}")
    if result.get("diagnosis"):
        lines.append(f"-> {result['diagnosis']}")
    if result.get("message"):
        lines.append(result["message"])
    if result.get("output"):
        lines.append("your code printed:\n" + result["output"].rstrip())
    counted = f"({result.get('passed', 0)}/{result.get('total', 0)} tests passed)"
    if result.get("kind") == "run":
        lines.append("public examples pass: submit for the hidden tests " + counted
                     if result.get("verdict") == "accepted" else
                     f"public examples fail: {result.get('verdict')} {counted}")
    else:
        lines.append(f"verdict: {result.get('verdict')} {counted}")
    return "\n".join(lines)


def _rows(tests: list[dict]) -> list[tuple[str, str, list[str], str, dict]]:
    """Return the rows to print: one per public test, one per group of hidden tests that pass
    or fail alike with the same message (in the order each group first appears)."""
    rows: list[tuple[str, str, list[str], str, dict]] = []
    hidden: dict[tuple[str, str], list[str]] = {}
    for test in tests:
        mark = "PASS" if test["passed"] else "FAIL"
        message = "" if test["passed"] else f"  {test.get('message') or ''}"
        if not test["hidden"]:
            rows.append((mark, "public", [test["name"]], message, test))
        elif (mark, message) in hidden:
            hidden[mark, message].append(test["name"])
        else:
            hidden[mark, message] = [test["name"]]
            rows.append((mark, "hidden", hidden[mark, message], message, test))
    return rows


def _listed(names: list[str], most: int = 3) -> str:
    """Return the first few names, and how many more there are."""
    shown = ", ".join(names[:most])
    return shown if len(names) <= most else f"{shown}, and {len(names) - most} more"
