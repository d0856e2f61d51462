"""The interface names every code of the engine's vocabularies, and nothing else."""

from __future__ import annotations

import pytest

from arena.web.labels import DIFFICULTIES, PROPERTIES, STATUSES, VERDICTS, label
from graders.challenge.spec import Difficulty
from graders.declarations.properties import PROPERTIES as DECLARABLE
from graders.verdicts import Status, Verdict


@pytest.mark.parametrize(("table", "vocabulary"), [
    (VERDICTS, list(Verdict)), (STATUSES, list(Status)), (DIFFICULTIES, list(Difficulty)),
    (PROPERTIES, list(DECLARABLE))])
def test_each_code_has_one_label_in_its_vocabularys_order(table, vocabulary):
    assert list(table) == vocabulary


def test_a_stored_code_finds_its_label_and_an_unknown_one_shows_itself(app):
    with app.test_request_context():
        assert label(VERDICTS, "wrong_answer") == "Wrong answer"
        assert label(DIFFICULTIES, "hard") == "Hard"
        assert label(VERDICTS, "no_such_verdict") == "no_such_verdict"
