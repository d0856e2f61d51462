"""How challenges and submissions are shown: one presenter for the API and the pages alike.

The hidden-test rules live here once: a hidden test shows neither input, expected nor output.
"""

from arena.presenters.challenges import challenge_detail, challenge_summary, challenge_title
from arena.presenters.drafts import present_draft
from arena.presenters.submissions import present_submission, submission_summary, submission_url
from arena.presenters.texts import DEFAULT_LOCALE, localized, rendered

__all__ = ["DEFAULT_LOCALE", "challenge_detail", "challenge_summary", "challenge_title",
           "present_draft",
           "localized", "present_submission", "rendered", "submission_summary",
           "submission_url"]
