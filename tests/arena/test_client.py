"""`arena submit`'s client (and `show`, `pull`): each refusal explained, the table it prints.

Submitting and grading through it are tested end to end in tests/e2e/test_cli.py; that it
loads no server code, in tests/arena/test_command_group.py; its start-up time is measured by
bench/cli_startup.py, never asserted here.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from click.testing import CliRunner
from werkzeug.serving import make_server

from arena.client import ArenaClient, ClientError, format_result
from arena.commands.submit import pull, show
from arena.presenters.submissions import shown_rows


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
        ArenaClient("http://127.0.0.1:1", None, retry_pauses=(0.01,)).grade("softmax", "")
    with pytest.raises(ClientError, match="the server answered no JSON"):
        ArenaClient(served, None)._request("GET", "/")
    with pytest.raises(ClientError, match="not an http"):
        ArenaClient("file:///etc", None).grade("softmax", "")


def test_hidden_rows_that_say_the_same_are_one_line_and_the_bug_is_named_once():
    tests = [{"name": "lesson", "hidden": False, "passed": False, "message": "the values differ",
              "expected": [1.0], "got": [2.0]},
             *({"name": f"case {i}", "hidden": True, "passed": False,
                "message": "wrong answer: the values differ"} for i in range(15)),
             {"name": "empty", "hidden": True, "passed": True, "message": ""}]
    shown = format_result({"kind": "submission", "verdict": "wrong_answer", "passed": 1,
                           "total": 17, "tests": tests, "rows": shown_rows(tests),
                           "diagnosis": "no scaling", "summary": None}).splitlines()
    assert shown == [
        "FAIL  public  lesson  the values differ", "      expected [1.0]", "      got      [2.0]",
        "FAIL  hidden  15 tests (case 0, case 1, case 2, and 12 more)  wrong answer: the values "
        "differ",
        "PASS  hidden  empty", "-> no scaling", "verdict: wrong_answer (1/17 tests passed)"]


def test_a_run_says_what_its_public_examples_say_never_a_verdict():
    """The words are the server's summary (run_summary), in the language asked for."""
    passing = {"kind": "run", "verdict": "accepted", "passed": 2, "total": 2, "rows": [],
               "summary": {"state": "pass", "text": "Public examples pass: submit for the "
                                                    "hidden tests"}}
    failing = {**passing, "verdict": "wrong_answer", "passed": 0,
               "summary": {"state": "fail", "text": "2 of 2 public examples fail"}}
    assert format_result(passing) == "Public examples pass: submit for the hidden tests"
    assert format_result(failing) == "2 of 2 public examples fail (wrong_answer)"
    assert "verdict" not in format_result(passing) + format_result(failing)


def test_show_prints_the_statement_and_pull_writes_the_starter(served, unprepared_catalog,
                                                               tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_URL", served)
    monkeypatch.chdir(tmp_path)
    shown = CliRunner().invoke(show, ["softmax", "--lang", "ko"])
    assert shown.exit_code == 0 and shown.output.startswith("# 소프트맥스\n")
    assert "arena pull softmax" in shown.output
    assert "\n- 인자는 읽기 전용입니다" in shown.output  # the rules, in the asked language
    pulled = CliRunner().invoke(pull, ["softmax"])
    assert pulled.exit_code == 0 and "def softmax" in (tmp_path / "softmax.py").read_text()
    (tmp_path / "softmax.py").write_text("my work")
    again = CliRunner().invoke(pull, ["softmax"])
    assert again.exit_code == 1 and "exists" in again.output
    assert (tmp_path / "softmax.py").read_text() == "my work"
    assert CliRunner().invoke(pull, ["softmax", "--force", "-o", "s.py"]).exit_code == 0
    missing = CliRunner().invoke(show, ["no-such-challenge"])
    assert missing.exit_code == 1 and "404 not_found" in missing.output
