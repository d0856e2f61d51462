"""The HTTP client behind `arena submit`: send code, wait for the verdict, print the table."""

from __future__ import annotations

import time
from typing import Any

import requests

POLL_SECONDS = (0.05, 0.1, 0.2, 0.3, 0.5, 1.0)


class ClientError(RuntimeError):
    """The server refused the request or could not be reached."""


class ArenaClient:
    """A thin client of the /api/v1 endpoints, authenticated by a bearer token."""

    def __init__(self, base_url: str, token: str | None, timeout: float = 120.0) -> None:
        self.base = base_url.rstrip("/")
        self.session = requests.Session()
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"
        self.timeout = timeout

    def _request(self, method: str, path: str, **kwargs: Any) -> dict:
        url = path if path.startswith("http") else f"{self.base}{path}"
        try:
            response = self.session.request(method, url, timeout=30, **kwargs)
        except requests.ConnectionError as exc:
            raise ClientError(f"cannot reach {self.base}: is `arena serve` running?") from exc
        try:
            body = response.json()
        except ValueError as exc:
            raise ClientError(f"{response.status_code}: the server answered no JSON") from exc
        if response.status_code >= 400:
            error = body.get("error", {}) if isinstance(body, dict) else {}
            raise ClientError(f"{response.status_code} {error.get('code', 'error')}: "
                              f"{error.get('message', response.reason)}")
        return body

    def grade(self, slug: str, code: str, run: bool = False) -> dict:
        """Submit (or run) `code` and return the finished result."""
        kind = "runs" if run else "submissions"
        body = self._request("POST", f"/api/v1/challenges/{slug}/{kind}", json={"code": code})
        return self.wait(body) if body.get("status") != "done" else body

    def wait(self, body: dict) -> dict:
        """Poll a submission's URL until it is done or the timeout passes."""
        deadline = time.monotonic() + self.timeout
        for attempt in range(10**6):
            if body.get("status") == "done":
                return body
            if time.monotonic() > deadline:
                raise ClientError(f"no verdict after {self.timeout:.0f} s; see {body['url']}")
            time.sleep(POLL_SECONDS[min(attempt, len(POLL_SECONDS) - 1)])
            body = {**self._request("GET", body["url"]), "url": body["url"]}
        raise ClientError("gave up waiting")


def format_result(result: dict) -> str:
    """Render a finished result: a row per test, each named bug once, the verdict last."""
    lines = []
    for test in result.get("tests", []):
        mark = "PASS" if test["passed"] else "FAIL"
        kind = "hidden" if test["hidden"] else "public"
        message = "" if test["passed"] else f"  {test.get('message') or ''}"
        lines.append(f"{mark}  {kind}  {test['name']}{message}")
        if not test["hidden"] and not test["passed"] and test.get("got") is not None:
            lines.append(f"      expected {test.get('expected')}")
            lines.append(f"      got      {test.get('got')}")
    if result.get("diagnosis"):
        lines.append(f"-> {result['diagnosis']}")
    if result.get("message"):
        lines.append(result["message"])
    if result.get("output"):
        lines.append("your code printed:\n" + result["output"].rstrip())
    lines.append(f"verdict: {result.get('verdict')} "
                 f"({result.get('passed', 0)}/{result.get('total', 0)} tests passed)")
    return "\n".join(lines)
