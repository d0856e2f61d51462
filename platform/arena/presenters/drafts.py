"""A learner's draft as the API and the challenge page show it."""

from __future__ import annotations

from typing import Any

from arena.models import Draft


def present_draft(draft: Draft | None) -> dict[str, Any]:
    """Return {code, updated_at}; both None when there is no draft."""
    if draft is None:
        return {"code": None, "updated_at": None}
    return {"code": draft.code, "updated_at": draft.updated_at}
