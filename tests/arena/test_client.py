"""`arena submit`'s client: each refusal explained.

Submitting and grading through it are tested end to end in tests/e2e/test_cli.py; that it
loads no server code, in tests/arena/test_command_group.py; its start-up time is measured by
bench/cli_startup.py, never asserted here.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from werkzeug.serving import make_server

from arena.client import ArenaClient, ClientError


@pytest.fixture
def served(app) -> Iterator[str]:
    """Serve the test app over HTTP in a thread; return its URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


def test_a_refused_token_and_an_unknown_challenge_are_explained(served, make_token):
    with pytest.raises(ClientError, match=r"^401 "):
        ArenaClient(served, "not-a-token").grade("softmax", "def softmax(row): ...")
    with pytest.raises(ClientError, match=r"^404 not_found: "):
        ArenaClient(served, make_token()).grade("no-such-challenge", "")


def test_a_server_that_is_not_there_or_not_the_api_is_explained(served):
    with pytest.raises(ClientError, match="cannot reach http://127.0.0.1:1"):
        ArenaClient("http://127.0.0.1:1", None).grade("softmax", "")
    with pytest.raises(ClientError, match="the server answered no JSON"):
        ArenaClient(served, None)._request("GET", "/")
    with pytest.raises(ClientError, match="not an http"):
        ArenaClient("file:///etc", None).grade("softmax", "")
