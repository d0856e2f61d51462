"""A challenge as the catalog lists it and as its page and the API show it, read from the spec
of the version shown."""

from __future__ import annotations

from arena.jobs.examples import shown_examples
from arena.models import Challenge, ChallengeVersion
from arena.presenters.texts import localized, rendered
from arena.services.versions import challenge_spec, version_spec
from graders.challenge.rules import rules
from graders.challenge.spec import ChallengeSpec
from graders.judging.judge import display


def _summary(spec: ChallengeSpec, lang: str) -> dict:
    """Present what a spec says about its challenge, as the catalog lists it."""
    return {"slug": spec.slug, "title": localized(spec.title, lang),
            "difficulty": spec.difficulty, "track": spec.track, "order": spec.order,
            "tags": list(spec.tags), "entry_point": spec.entry_point}


def challenge_summary(challenge: Challenge, lang: str) -> dict:
    """Present a challenge in the catalog list."""
    return {**_summary(challenge_spec(challenge), lang), "visibility": challenge.visibility}


def challenge_title(challenge: Challenge, lang: str) -> str:
    """Return a challenge's title in `lang` (English where it has none)."""
    return localized(challenge_spec(challenge).title, lang)


def challenge_detail(challenge: Challenge, lang: str,
                     version: ChallengeVersion | None = None) -> dict:
    """Present a challenge's published version (or `version`, for its author's preview), its
    texts in `lang`; `attention` tells whether it draws attention weights (its challenge.toml
    declares a weights probe). Its examples show once computed (arena.jobs.examples)."""
    version = version or challenge.current_version
    spec = version_spec(version)
    prepared = shown_examples(version)
    examples = [{"name": e["names"].get(lang) or e["name"],
                 "input": display({"args": e["args"], "kwargs": e["kwargs"]}),
                 "expected": display(e["expected"]), "weights": e["weights"]}
                for e in (prepared.public_examples() if prepared else [])]
    return {**_summary(spec, lang), "visibility": challenge.visibility,
            "statement": localized(spec.statement, lang),
            "rules": [rendered(rule.to_data(), rule, lang) for rule in rules(spec)],
            "starter_code": spec.starter, "hints": list(localized(spec.hints, lang) or ()),
            "examples": examples, "time_limit": spec.time_limit, "memory_mb": spec.memory_mb,
            "rtol": spec.rtol, "atol": spec.atol, "version": version.content_hash,
            "attention": spec.weights_probe is not None}
