"""The AI review: a chat model behind any OpenAI-compatible API, told only what the learner
may see, never the hidden tests, and kept per code, version, verdict, language and model.

The reviewer is asked through `requests` (already a dependency) with `stream: true`: the
answer comes as server-sent events (`data: {...}` lines, `data: [DONE]` last), read here a
piece at a time, bounded in characters and in time. Every way it can fail (refused, timed
out, an error status, a broken stream) raises ReviewFailed, which the API answers as 502 or
504, never 500. docs/review.md says what it is given, and how to point it at a server.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import requests
from babel import Locale
from sqlalchemy import delete, func, select

from arena.bounds import REVIEW_MAX_CHARS, REVIEW_MAX_TOKENS, REVIEW_ROW_CHARS
from arena.errors import ArenaError, Conflict
from arena.extensions import db
from arena.models import Kind, Review, Submission, User
from arena.services.feedback import check_released
from graders.verdicts import Status

#: Seconds to wait for the reviewer to accept the connection (the whole review has its own).
CONNECT_SECONDS = 5.0


class ReviewUnavailable(ArenaError):
    """No reviewer is configured (ARENA_REVIEW_URL is unset)."""

    status = 503
    code = "review_unavailable"


class ReviewFailed(ArenaError):
    """The reviewer did not answer well: refused, an error status, a broken answer (502), or
    too slow (504)."""

    status = 502
    code = "review_failed"

    def __init__(self, message: str, status: int = 502) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Reviewer:
    """Where the reviewer is and how long it may take; `api_key` is a secret (not in repr)."""

    url: str
    model: str
    timeout: float
    api_key: str | None = field(default=None, repr=False)

    @classmethod
    def configured(cls, config: Mapping[str, Any]) -> Reviewer:
        """Return the reviewer the settings name; raise ReviewUnavailable when none is."""
        if not config.get("REVIEW_URL"):
            raise ReviewUnavailable("no AI reviewer is configured on this server; the named "
                                    "bug in the result is the review")
        return cls(str(config["REVIEW_URL"]).rstrip("/"), str(config["REVIEW_MODEL"]),
                   float(config["REVIEW_TIMEOUT_SECONDS"]), config.get("REVIEW_API_KEY"))


@dataclass(frozen=True)
class PublicRow:
    """A public example as the learner saw it."""

    name: str
    passed: bool
    message: str
    input: Any
    expected: Any
    got: Any


@dataclass(frozen=True)
class Asked:
    """Everything the reviewer is told: what the learner may see, and nothing hidden."""

    title: str
    statement: str
    code: str
    verdict: str
    passed: int
    total: int
    diagnosis: str | None
    rows: tuple[PublicRow, ...]
    lang: str


def check_reviewable(reader: User, submission: Submission) -> None:
    """Refuse a run (its hidden half was never graded), a submission not yet graded, and one
    whose feedback is not released to `reader` yet (arena.services.feedback)."""
    if submission.kind != Kind.SUBMISSION:
        raise Conflict("a run is not reviewed: submit the code to ask for a review",
                       code="not_reviewable")
    if submission.status != Status.DONE:
        raise Conflict("the submission is not graded yet: ask again once it is",
                       code="not_done")
    check_released(reader, submission)


def review_key(submission: Submission, lang: str, model: str) -> str:
    """Return the cache key of a review: the code, the version, the verdict, language, model."""
    parts = [hashlib.sha256(submission.code.encode()).hexdigest(),
             submission.version.content_hash, str(submission.verdict), lang, model]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def kept_review(key: str) -> str | None:
    """Return the review kept under `key`, if any."""
    return db.session.scalar(select(Review.text).where(Review.key == key))


def keep_review(key: str, text: str, most: int) -> None:
    """Keep a finished review, then forget the oldest beyond `most` reviews."""
    if kept_review(key) is None:
        db.session.add(Review(key=key, text=text))
        db.session.commit()
    extra = (db.session.scalar(select(func.count()).select_from(Review)) or 0) - most
    if extra > 0:
        oldest = select(Review.id).order_by(Review.id).limit(extra).scalar_subquery()
        db.session.execute(delete(Review).where(Review.id.in_(oldest)))
        db.session.commit()


def _language(lang: str) -> str:
    """Name a language in English and in itself: "Korean (한국어)"."""
    locale = Locale.parse(lang)
    english, own = locale.get_display_name("en"), locale.get_display_name(lang)
    return english if english == own else f"{english} ({own})"


def _shown(value: Any) -> str:
    """Show a public value as the page does, cut to REVIEW_ROW_CHARS."""
    text = value if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= REVIEW_ROW_CHARS else text[:REVIEW_ROW_CHARS] + " ..."


def review_messages(asked: Asked) -> list[dict[str, str]]:
    """Return the chat messages for a review: the rules, then what the learner may see."""
    language = _language(asked.lang)
    system = (
        "You review a learner's Python solution to a coding exercise about attention in "
        "neural networks. The automatic grader has already decided the verdict: it is final. "
        "Never contradict it, never say the code is correct when the verdict is not "
        "'accepted', never claim a test passed or failed other than as stated. Point at the "
        "likely mistake and hint at how to find it; do not write a full solution. Be brief: "
        f"at most about 150 words. Answer in {language}.")
    rows = "\n\n".join(
        f"Example '{row.name}': {'passed' if row.passed else 'failed'}. {row.message}\n"
        f"input: {_shown(row.input)}\nexpected: {_shown(row.expected)}\n"
        f"got: {_shown(row.got)}" for row in asked.rows) or "(none)"
    user = (f"# Exercise: {asked.title}\n\n{asked.statement}\n\n"
            f"# The learner's code\n\n```python\n{asked.code}\n```\n\n"
            f"# The grader's verdict (final)\n\n{asked.verdict.replace('_', ' ')}: "
            f"{asked.passed} of {asked.total} tests passed.\n"
            f"Bug the grader recognised: {asked.diagnosis or 'none recognised'}\n\n"
            f"# Public examples (the other tests are hidden)\n\n{rows}\n\n"
            f"Review the code in {language}.")
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def open_review(reviewer: Reviewer, messages: list[dict[str, str]]) -> Iterator[str]:
    """Ask the reviewer; return the pieces of its answer as they come.

    Connecting and the answer's status are checked before this returns (so a refusal raises
    here, before any answer has started); the pieces then stop at REVIEW_MAX_CHARS, and raise
    ReviewFailed if the stream breaks or the whole review outlasts the timeout.
    """
    deadline = time.monotonic() + reviewer.timeout
    headers = {"Accept": "text/event-stream"}
    if reviewer.api_key:
        headers["Authorization"] = f"Bearer {reviewer.api_key}"
    body = {"model": reviewer.model, "messages": messages, "stream": True,
            "max_tokens": REVIEW_MAX_TOKENS, "temperature": 0.2}
    try:
        response = requests.post(f"{reviewer.url}/chat/completions", json=body,
                                 headers=headers, stream=True,
                                 timeout=(min(CONNECT_SECONDS, reviewer.timeout),
                                          reviewer.timeout))
    except requests.Timeout:
        raise ReviewFailed("the reviewer did not answer in time", 504) from None
    except requests.RequestException:
        raise ReviewFailed("the reviewer could not be reached") from None
    if response.status_code != 200:
        response.close()
        raise ReviewFailed(f"the reviewer answered with an error ({response.status_code})")
    return _pieces(response, deadline)


def _pieces(response: requests.Response, deadline: float) -> Iterator[str]:
    """Yield the text of each event of an OpenAI-style stream, within the bounds."""
    length = 0
    try:
        for line in response.iter_lines(chunk_size=256, decode_unicode=False):
            if time.monotonic() > deadline:
                raise ReviewFailed("the reviewer did not finish in time", 504)
            if not line.startswith(b"data:"):
                continue  # blank separators, comments, event names
            data = line[5:].strip()
            if data == b"[DONE]":
                return
            piece = _delta(data)[: REVIEW_MAX_CHARS - length]
            length += len(piece)
            if piece:
                yield piece
            if length >= REVIEW_MAX_CHARS:
                return
    except requests.Timeout:
        raise ReviewFailed("the reviewer did not finish in time", 504) from None
    except requests.RequestException:
        raise ReviewFailed("the reviewer's answer broke off") from None
    finally:
        response.close()
    raise ReviewFailed("the reviewer's answer broke off")


def _delta(data: bytes) -> str:
    """Read the text of one streamed chunk; a chunk that is not one raises ReviewFailed."""
    try:
        chunk = json.loads(data)
        choices = chunk["choices"]
        content = choices[0].get("delta", {}).get("content") if choices else None
    except (ValueError, KeyError, TypeError, IndexError, AttributeError):
        raise ReviewFailed("the reviewer's answer could not be read") from None
    if content is not None and not isinstance(content, str):
        raise ReviewFailed("the reviewer's answer could not be read")
    return content or ""
