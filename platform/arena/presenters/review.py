"""What the AI reviewer is told about a submission: what its reader may see, in their language."""

from __future__ import annotations

from arena.models import Submission, User
from arena.presenters.submissions import present_submission
from arena.presenters.texts import localized
from arena.services.review import Asked, PublicRow
from arena.services.versions import version_spec


def review_request(submission: Submission, lang: str, reader: User) -> Asked:
    """Gather the statement (in `lang`), the code, the verdict, the named bug and the public
    rows of a graded submission; of a hidden test, not even its name."""
    shown = present_submission(submission, lang, reader)
    spec = version_spec(submission.version)
    rows = tuple(PublicRow(t["name"], t["passed"], t["message"], t.get("input"),
                           t.get("expected"), t.get("got"))
                 for t in shown["tests"] if not t["hidden"])
    return Asked(title=localized(spec.title, lang) or spec.slug,
                 statement=localized(spec.statement, lang) or "", code=submission.code,
                 verdict=str(submission.verdict), passed=submission.passed,
                 total=submission.total, diagnosis=shown["diagnosis"], rows=rows, lang=lang)
