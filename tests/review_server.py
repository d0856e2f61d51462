"""A small OpenAI-compatible chat server of the tests' own: the AI reviewer they point at.

`POST /v1/chat/completions` answers `reply` word by word as server-sent events (`stream:
true`) or whole as JSON, and records every request it received. `mode` makes it misbehave:
`hang` (answers nothing for `hang_seconds`), `fail` (500), `broken` (a stream of non-JSON),
`cut` (a stream that ends without `[DONE]`).
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

DEFAULT_REPLY = "Check the scaling: the grader says your scores miss a factor."


class ReviewServer:
    """Serve chat completions on a free loopback port, in a thread, until stopped."""

    def __init__(self, reply: str = DEFAULT_REPLY) -> None:
        self.reply = reply
        self.mode = "ok"
        self.hang_seconds = 10.0
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """The base URL of the API (the reviewer's ARENA_REVIEW_URL)."""
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def start(self) -> ReviewServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def _chunk(text: str) -> bytes:
    event = {"id": "c1", "object": "chat.completion.chunk", "model": "test",
             "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": None}]}
    return f"data: {json.dumps(event)}\n\n".encode()


def _handler(owner: ReviewServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:  # keep the test output quiet
            pass

        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            owner.requests.append(body)
            owner.headers.append(dict(self.headers))
            if self.path != "/v1/chat/completions":
                return self._send(404, "application/json", b'{"error": "no such path"}')
            if owner.mode == "hang":
                time.sleep(owner.hang_seconds)  # the client has long given up: answer nothing
                self.close_connection = True
                return None
            if owner.mode == "fail":
                return self._send(500, "application/json", b'{"error": {"message": "boom"}}')
            if not body.get("stream"):
                answer = {"object": "chat.completion", "model": body.get("model"),
                          "choices": [{"index": 0, "finish_reason": "stop", "message": {
                              "role": "assistant", "content": owner.reply}}]}
                return self._send(200, "application/json", json.dumps(answer).encode())
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Connection", "close")
            self.end_headers()
            if owner.mode == "broken":
                self.wfile.write(b"data: {not json\n\n")
                return
            for word in owner.reply.split(" "):
                self.wfile.write(_chunk(word + " "))
                self.wfile.flush()
                time.sleep(0.05)
            if owner.mode != "cut":
                self.wfile.write(b"data: [DONE]\n\n")

        def _send(self, status: int, kind: str, data: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler
