"""The HTTP client behind `arena submit`, `show` and `pull`: read a challenge, send code, wait
for the verdict, print the table.

It uses the standard library only and imports nothing of the server, so that `arena submit`
starts at once (bench/cli_startup.py measures it; tests/arena/test_client.py keeps it so).
"""

from __future__ import annotations

import json
import math
import os
import time
import uuid
from http.client import HTTPException
from typing import Any
from urllib.error import HTTPError, URLError
from urllib.parse import quote, urlencode
from urllib.request import Request, urlopen

POLL_SECONDS = (0.05, 0.1, 0.2, 0.3, 0.5, 1.0)  # pauses after reads answered at once
WAIT_SECONDS = 25  # each read waits this long on the server for the verdict (it may wait less)
#: A read answered sooner did not wait (no place was free, or the server waits less): pause.
AT_ONCE_SECONDS = 1.0
REQUEST_SECONDS = 40  # above WAIT_SECONDS: a read that waits is not taken for a lost one
#: Pauses between the attempts of a POST that carries an Idempotency-Key (six in all, about
#: 8 s): the server stores it once however often it arrives.
RETRY_PAUSES = (0.25, 0.5, 1.0, 2.0, 4.0)
#: A proxy's answers when a replica died or none answered: the request may be retried.
RETRIED_STATUSES = (502, 503, 504)


class ClientError(RuntimeError):
    """The server refused the request or could not be reached."""


class Transient(ClientError):
    """A failure the same request may not meet again: no answer, a proxy's 502, 503 or 504,
    or a key whose first request is still in progress."""


class ArenaClient:
    """A thin client of the /api/v1 endpoints, authenticated by a bearer token."""

    def __init__(self, base_url: str, token: str | None, timeout: float = 120.0,
                 retry_pauses: tuple[float, ...] = RETRY_PAUSES) -> None:
        self.base = base_url.rstrip("/")
        self.headers = {"Accept": "application/json"}
        language = os.environ.get("LANG", "").split("_")[0].split(".")[0]
        if language and language not in ("C", "POSIX"):
            self.headers["Accept-Language"] = language  # texts in the learner's language
        if token:
            self.headers["Authorization"] = f"Bearer {token}"
        self.timeout = timeout
        self.retry_pauses = retry_pauses

    def _request(self, method: str, path: str, json_body: Any = None,
                 key: str | None = None) -> dict:
        """Send one request; with an Idempotency-Key `key`, send it again after a transient
        failure (RETRY_PAUSES), with the same key."""
        url = path if path.startswith("http") else f"{self.base}{path}"
        if not url.startswith(("http://", "https://")):
            raise ClientError(f"not an http(s) URL: {url!r} (check ARENA_URL)")
        headers, data = dict(self.headers), None
        if json_body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(json_body).encode("utf-8")
        if key is not None:
            headers["Idempotency-Key"] = key
        pauses = iter(self.retry_pauses if key is not None else ())
        while True:
            try:
                return self._attempt(Request(url, data, headers, method=method))
            except Transient:
                pause = next(pauses, None)
                if pause is None:
                    raise
                time.sleep(pause)

    def _attempt(self, request: Request) -> dict:
        try:
            with urlopen(request, timeout=REQUEST_SECONDS) as response:
                status, reason, raw = response.status, response.reason, response.read()
        except HTTPError as exc:  # a 4xx or 5xx answer: its body says why
            status, reason, raw = exc.code, exc.reason, exc.read()
        except TimeoutError as exc:
            raise Transient(f"{self.base} did not answer within {REQUEST_SECONDS} s") from exc
        except (URLError, OSError, HTTPException) as exc:  # refused, reset, cut short
            raise Transient(f"cannot reach {self.base}: is `arena serve` running?") from exc
        if status in RETRIED_STATUSES:
            raise Transient(f"{status} {reason}: no web replica answered")
        try:
            body = json.loads(raw)
        except ValueError as exc:
            raise ClientError(f"{status}: the server answered no JSON") from exc
        if status >= 400:
            error = body.get("error", {}) if isinstance(body, dict) else {}
            code = error.get("code", "error")
            raised = Transient if code == "idempotency_key_in_progress" else ClientError
            raise raised(f"{status} {code}: {error.get('message', reason)}")
        return body

    def challenge(self, slug: str, lang: str | None = None) -> dict:
        """Return a challenge as the API shows it: title, statement, starter code..."""
        query = f"?{urlencode({'lang': lang})}" if lang else ""
        return self._request("GET", f"/api/v1/challenges/{quote(slug, safe='')}{query}")

    def grade(self, slug: str, code: str, run: bool = False) -> dict:
        """Submit (or run) `code` and return the finished result."""
        body = self.send(slug, code, run)
        return self.wait(body) if body.get("status") != "done" else body

    def send(self, slug: str, code: str, run: bool = False) -> dict:
        """Submit (or run) `code` once: under a new Idempotency-Key, retried with it after a
        transient failure, so the server stores it once; return the first answer."""
        kind = "runs" if run else "submissions"
        return self._request("POST", f"/api/v1/challenges/{slug}/{kind}", {"code": code},
                             key=str(uuid.uuid4()))

    def wait(self, body: dict) -> dict:
        """Read a submission's URL until it is done or the timeout passes: each read waits on
        the server for the verdict (long polling); one answered at once (the server had no
        place to wait) is followed by a pause."""
        deadline = time.monotonic() + self.timeout
        url = body["url"]
        for attempt in range(10**6):
            if body.get("status") == "done":
                return body
            asked = time.monotonic()
            if asked > deadline:
                raise ClientError(f"no verdict after {self.timeout:.0f} s; see {url}")
            wait = math.ceil(min(WAIT_SECONDS, deadline - asked))
            body = {**self._request("GET", f"{url}{'&' if '?' in url else '?'}wait={wait}"),
                    "url": url}
            if body.get("status") != "done" and time.monotonic() - asked < AT_ONCE_SECONDS:
                time.sleep(POLL_SECONDS[min(attempt, len(POLL_SECONDS) - 1)])
        raise ClientError("gave up waiting")


def format_result(result: dict) -> str:
    """Render a finished result: a row per row the server shows (hidden tests that say the
    same are one row), the named bug once, then the verdict (alone, with when the rest comes,
    while an assignment withholds its feedback); a run ends with what its public examples say
    (the server's summary), never with a verdict (the hidden tests decide that)."""
    lines = []
    for row in result.get("rows", []):
        mark = "PASS" if row["passed"] else "FAIL"
        kind = "hidden" if row["hidden"] else "public"
        names = row.get("names") or [row["name"]]
        named = names[0] if len(names) == 1 else f"{len(names)} tests ({_listed(names)})"
        message = "" if row["passed"] else f"  {row.get('message') or ''}"
        lines.append(f"{mark}  {kind}  {named}{message}")
        if kind == "public" and mark == "FAIL" and row.get("got") is not None:
            lines.append(f"      expected {row.get('expected')}")
            lines.append(f"      got      {row.get('got')}")
    if result.get("diagnosis"):
        lines.append(f"-> {result['diagnosis']}")
    if result.get("message"):
        lines.append(result["message"])
    if result.get("output"):
        lines.append("your code printed:\n" + result["output"].rstrip())
    counted = f"({result.get('passed', 0)}/{result.get('total', 0)} tests passed)"
    if result.get("withheld_until"):  # the assignment shows the rest after its due time
        counted = f"(the named bug and the tests after the due time, {result['withheld_until']})"
    summary = result.get("summary")
    if not summary:
        lines.append(f"verdict: {result.get('verdict')} {counted}")
    else:
        lines.append(summary["text"] if summary["state"] == "pass"
                     else f"{summary['text']} ({result.get('verdict')})")
    return "\n".join(lines)


def _listed(names: list[str], most: int = 3) -> str:
    """Return the first few names, and how many more there are."""
    shown = ", ".join(names[:most])
    return shown if len(names) <= most else f"{shown}, and {len(names) - most} more"
