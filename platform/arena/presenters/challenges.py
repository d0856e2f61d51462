"""A challenge as the catalog lists it and as its page and the API show it."""

from __future__ import annotations

from arena.jobs.preparation import prepared_data
from arena.models import Challenge, ChallengeVersion
from arena.presenters.texts import localized
from arena.services.versions import version_spec
from graders.judging.judge import display


def challenge_summary(challenge: Challenge, lang: str) -> dict:
    """Present a challenge in the catalog list."""
    return {"slug": challenge.slug, "title": localized(challenge.title, lang),
            "difficulty": challenge.difficulty, "track": challenge.track,
            "order": challenge.order, "tags": challenge.tags, "entry_point": challenge.entry_point}


def _version_summary(challenge: Challenge, version: ChallengeVersion, lang: str) -> dict:
    """Present what a version (not yet the challenge row's) says about itself, for a preview."""
    spec = version_spec(version)
    return {**challenge_summary(challenge, lang), "title": localized(spec.title, lang),
            "difficulty": spec.difficulty, "track": spec.track, "order": spec.order,
            "tags": list(spec.tags), "entry_point": spec.entry_point}


def challenge_detail(challenge: Challenge, lang: str,
                     version: ChallengeVersion | None = None) -> dict:
    """Present a challenge's published version (or `version`, for its author's preview), its
    texts in `lang`; `attention` tells whether it draws attention weights (its challenge.toml
    declares a weights probe)."""
    version = version or challenge.current_version
    prepared = prepared_data(version)
    examples = [{"name": e["names"].get(lang) or e["name"],
                 "input": display({"args": e["args"], "kwargs": e["kwargs"]}),
                 "expected": display(e["expected"]), "weights": e["weights"]}
                for e in (prepared.public_examples() if prepared else [])]
    hints = version.hints.get(lang) or version.hints.get("en") or []
    return {**_version_summary(challenge, version, lang),
            "statement": localized(version.statement, lang),
            "starter_code": version.starter, "hints": hints, "examples": examples,
            "time_limit": version.time_limit, "memory_mb": version.memory_mb,
            "rtol": version.rtol, "atol": version.atol, "version": version.content_hash,
            "attention": version.spec.get("weights_probe") is not None}
