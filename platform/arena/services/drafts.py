"""Drafts: each learner's own editor code per challenge, read and saved by its owner only."""

from __future__ import annotations

from sqlalchemy import select

from arena.config import DEFAULTS
from arena.extensions import db
from arena.models import Challenge, Draft, User
from arena.models.types import utcnow
from arena.services.catalog import get_challenge
from arena.services.submissions import validate_code

MAX_CODE_BYTES = DEFAULTS["MAX_CODE_BYTES"]  # the app passes its configured value


def get_draft(user: User, slug: str) -> Draft | None:
    """Return the user's draft of the published challenge `slug` (None: none saved yet);
    NotFound for an unknown challenge."""
    return _draft_of(user, get_challenge(slug, user))


def save_draft(user: User, slug: str, code: str, max_bytes: int = MAX_CODE_BYTES) -> Draft:
    """Keep `code` as the user's draft of `slug`, replacing the one before; refused as a
    submission's code would be (empty, not storable text, too large)."""
    challenge = get_challenge(slug, user)
    validate_code(code, max_bytes)
    draft = _draft_of(user, challenge)
    if draft is None:
        draft = Draft(user_id=user.id, challenge_id=challenge.id, code=code)
        db.session.add(draft)
    draft.code, draft.updated_at = code, utcnow()
    db.session.commit()
    return draft


def _draft_of(user: User, challenge: Challenge) -> Draft | None:
    """Return the user's draft of `challenge`, if any."""
    return db.session.scalar(select(Draft).where(Draft.user_id == user.id,
                                                 Draft.challenge_id == challenge.id))
