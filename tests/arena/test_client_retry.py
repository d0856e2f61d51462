"""`arena submit`'s client sends each submission under a new Idempotency-Key and, when no
answer comes (a replica that died after storing it, a proxy's 503), sends it again with the
same key: the real app behind a real TCP proxy that loses answers stores it once."""

from __future__ import annotations

import socket
import socketserver
import threading
from collections.abc import Iterator

import pytest
from sqlalchemy import select
from werkzeug.serving import make_server

from arena.client import ArenaClient, ClientError
from arena.extensions import db
from arena.models import Submission

SLUG = "running-max"
CODE = "def running_max(row):\n    return list(row)\n"
PAUSES = (0.05, 0.05, 0.05)


class LosingProxy(socketserver.ThreadingTCPServer):
    """A proxy to `upstream` that treats the n-th POST as `plan[n]` says: `drop` forwards it
    and closes the connection without the answer (the work is stored, the answer lost),
    `503` answers 503 without forwarding it; later POSTs and every other request pass.
    `keys` records each POST's Idempotency-Key."""

    daemon_threads = True

    def __init__(self, upstream: tuple[str, int], plan: list[str]) -> None:
        super().__init__(("127.0.0.1", 0), ProxyHandler)
        self.upstream, self.plan, self.keys = upstream, list(plan), []
        self.lock = threading.Lock()

    def action(self, request: bytes) -> str:
        """Return what to do with this request, recording a POST's key."""
        head = request.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
        if not head[0].startswith("POST "):
            return "pass"
        fields = dict(line.split(": ", 1) for line in head[1:] if ": " in line)
        with self.lock:
            self.keys.append(fields.get("Idempotency-Key"))
            return self.plan.pop(0) if self.plan else "pass"


class ProxyHandler(socketserver.BaseRequestHandler):
    """One connection: one request (the client closes after it)."""

    def handle(self) -> None:
        request = _read_request(self.request)
        action = self.server.action(request)
        if action == "503":
            self.request.sendall(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n"
                                 b"Connection: close\r\n\r\n")
            return
        with socket.create_connection(self.server.upstream) as upstream:
            upstream.sendall(request)
            answer = b"".join(iter(lambda: upstream.recv(65536), b""))
        if action == "pass":
            self.request.sendall(answer)


def _read_request(connection: socket.socket) -> bytes:
    """Read one HTTP request: its head, then Content-Length bytes of body."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += connection.recv(65536)
    head, body = data.split(b"\r\n\r\n", 1)
    length = next((int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                   if line.lower().startswith(b"content-length:")), 0)
    while len(body) < length:
        body += connection.recv(65536)
    return head + b"\r\n\r\n" + body


@pytest.fixture
def server(app) -> Iterator[tuple[str, int]]:
    """Serve the test app over HTTP in a thread; return its address."""
    served = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=served.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    yield "127.0.0.1", served.server_port
    served.shutdown()
    thread.join()


@pytest.fixture
def proxied(server) -> Iterator:
    """Return a function that starts a LosingProxy with a plan in front of the app."""
    started = []

    def start(*plan: str) -> tuple[str, LosingProxy]:
        proxy = LosingProxy(server, list(plan))
        threading.Thread(target=proxy.serve_forever, kwargs={"poll_interval": 0.05},
                         daemon=True).start()
        started.append(proxy)
        return f"http://127.0.0.1:{proxy.server_address[1]}", proxy

    yield start
    for proxy in started:
        proxy.shutdown()
        proxy.server_close()


@pytest.fixture
def sam(people, tiny_files, publish_files) -> str:
    """Sam's token, and Ivy's challenge published."""
    publish_files("ivy", tiny_files)
    return people["sam"]["Authorization"].removeprefix("Bearer ")


def _stored(app) -> list[int]:
    with app.app_context():
        return list(db.session.scalars(select(Submission.id)))


@pytest.mark.parametrize("plan", [("drop",), ("503", "503"), ("drop", "503", "drop")])
def test_a_lost_answer_is_asked_again_with_the_same_key_and_stored_once(app, proxied, sam,
                                                                         plan):
    url, proxy = proxied(*plan)
    answer = ArenaClient(url, sam, retry_pauses=PAUSES).send(SLUG, CODE)
    assert answer["status"] == "queued" and _stored(app) == [answer["id"]]
    assert len(proxy.keys) == len(plan) + 1 and len(set(proxy.keys)) == 1
    assert proxy.keys[0]


def test_each_submission_has_a_key_of_its_own(app, proxied, sam):
    url, proxy = proxied()
    client = ArenaClient(url, sam, retry_pauses=PAUSES)
    first, second = client.send(SLUG, CODE), client.send(SLUG, CODE)
    assert first["id"] != second["id"] and sorted(_stored(app)) == sorted(
        [first["id"], second["id"]])
    assert len(set(proxy.keys)) == 2


def test_retries_are_bounded_and_the_work_is_still_stored_once(app, proxied, sam):
    url, proxy = proxied(*["drop"] * (len(PAUSES) + 1))
    with pytest.raises(ClientError, match="cannot reach"):
        ArenaClient(url, sam, retry_pauses=PAUSES).send(SLUG, CODE)
    assert len(proxy.keys) == len(PAUSES) + 1 and len(set(proxy.keys)) == 1
    assert len(_stored(app)) == 1


def test_a_refusal_is_not_retried(app, proxied, sam):
    url, proxy = proxied()
    with pytest.raises(ClientError, match="^422 unprocessable: code: is empty"):
        ArenaClient(url, sam, retry_pauses=PAUSES).send(SLUG, " ")
    assert len(proxy.keys) == 1 and _stored(app) == []

