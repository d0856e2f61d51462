"""A learner's progress: solved and attempted marks, per-track counts, their own history."""

from arena.extensions import db
from arena.models import Kind
from arena.services.catalog import get_challenge, list_challenges
from arena.services.progress import Mark, history, marks, tracks
from arena.services.submissions import create_submission
from arena.services.users import create_user
from arena.services.versions import challenge_spec
from graders.verdicts import Status


def _finish(submission, verdict):
    submission.status, submission.verdict = Status.DONE, verdict
    db.session.commit()
    return submission


def test_marks_count_recorded_submissions_only(app, catalog):
    with app.app_context():
        ann, bob = create_user("ann"), create_user("bob")
        _finish(create_submission(ann, "softmax", "x = 1"), "wrong_answer")
        _finish(create_submission(ann, "softmax", "x = 1"), "accepted")
        _finish(create_submission(ann, "scaled-scores", "x = 1", Kind.RUN), "accepted")
        create_submission(ann, "attention-weights", "x = 1")  # still queued
        _finish(create_submission(bob, "causal-attention", "x = 1"), "accepted")
        ids = {slug: get_challenge(slug).id for slug in catalog}
        assert marks(ann) == {ids["softmax"]: Mark.SOLVED,
                              ids["attention-weights"]: Mark.ATTEMPTED}
        assert marks(None) == {}


def test_tracks_keep_catalog_order_and_count_solved(app, catalog):
    with app.app_context():
        challenges = list_challenges()
        solved = {challenges[0].id: Mark.SOLVED, challenges[1].id: Mark.ATTEMPTED}
        grouped = tracks(challenges, solved)
        assert [t.name for t in grouped] == ["foundations", "internals", "modern",
                                                "gradients", "efficiency"]
        assert [c.slug for t in grouped for c in t.challenges] == catalog
        foundations = sum(challenge_spec(c).track == "foundations" for c in challenges)
        assert (grouped[0].solved, grouped[0].total) == (1, foundations)
        assert all(t.solved == 0 for t in grouped[1:])


def test_history_is_the_users_own_submissions_newest_first(app, catalog):
    with app.app_context():
        ann, bob = create_user("ann"), create_user("bob")
        first = create_submission(ann, "softmax", "x = 1").id
        second = create_submission(ann, "softmax", "x = 2").id
        create_submission(ann, "softmax", "x = 3", Kind.RUN)
        create_submission(bob, "softmax", "x = 4")
        create_submission(ann, "scaled-scores", "x = 5")
        softmax = get_challenge("softmax")
        assert [s.id for s in history(ann, softmax)] == [second, first]
        assert [s.id for s in history(ann, softmax, limit=1)] == [second]
