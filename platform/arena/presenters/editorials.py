"""A challenge's editorial as the API and the page show it: the hand-written approach and
cost, then the common bugs, which are the challenge's named mutants and their explanations."""

from __future__ import annotations

from arena.models import Challenge
from arena.presenters.texts import localized
from arena.services.versions import challenge_spec


def present_editorial(challenge: Challenge, lang: str) -> dict:
    """Present the published version's editorial in `lang` (English where it has none)."""
    spec = challenge_spec(challenge)
    return {"slug": spec.slug, "markdown": localized(spec.editorial, lang),
            "common_bugs": [{"mutant": m.name, "explanation": localized(m.explanation, lang)}
                            for m in spec.mutants]}
