"""Idempotency keys (IETF draft "The Idempotency-Key HTTP Header Field"): a creating POST sent
again with the same key by the same user gets the first answer and stores nothing more.

A key is claimed in the transaction of the work it guards: its row is added before the work
and committed with it, so "the key is stored" and "the work is stored" are one fact, and
(user, key) is unique. Where the answer follows from the row the work creates (a submission,
a run, a regrade, a validation: `Provisional`), that answer is written into the key's row by
the same commit, so a process that dies right after it still leaves the answer; the answer
sent replaces it just after. A request that stored nothing (an error before its commit)
leaves no key: sending it again runs it again. Keys are kept for KEPT, then pruned with the
rest of the retention (arena.services.retention)."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import delete, event, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from arena.errors import ArenaError, Conflict, Unprocessable
from arena.extensions import db
from arena.models import IdempotencyKey, User
from arena.models.idempotency import MAX_KEY_LENGTH
from arena.models.types import utcnow

#: How long a key is remembered; a key sent again after that runs its request again.
KEPT = timedelta(hours=24)
#: Visible ASCII but `"` and `\`, as a Structured Field String carries it (quotes optional).
KEY_PATTERN = re.compile(r'[\x21\x23-\x5b\x5d-\x7e]{1,' + str(MAX_KEY_LENGTH) + '}')
KEY_RULE = (f"1 to {MAX_KEY_LENGTH} visible ASCII characters other than '\"' and '\\' "
            "(a UUID will do)")
BATCH = 500  # keys deleted per statement and commit
PENDING = "idempotency"  # the session's `info` entry of a claimed key's Provisional


class BadKey(ArenaError):
    """The header's value is not a key this server keeps."""

    code = "bad_idempotency_key"


class KeyReused(Unprocessable):
    """The key was used with another request (another operation, path or body)."""

    code = "idempotency_key_reused"


class KeyInProgress(Conflict):
    """The first request with this key has not been answered yet."""

    code = "idempotency_key_in_progress"


@dataclass(frozen=True)
class Answer:
    """The first answer to a key: its status, JSON body and Location header."""

    status: int
    body: str
    location: str | None

    def says(self, other: Answer) -> bool:
        """Tell whether another answer says the same: status, Location and JSON meaning."""
        if (self.status, self.location) != (other.status, other.location):
            return False
        try:
            return json.loads(self.body) == json.loads(other.body)
        except ValueError:
            return self.body == other.body


@dataclass
class Provisional:
    """How the first commit of a keyed request writes its answer into the key's row: from the
    first new row of `created` (None: from nothing), `answer` makes it; `written` is what that
    commit wrote."""

    created: type | None
    answer: Callable[[object | None], Answer]
    row: IdempotencyKey | None = None
    seen: list = field(default_factory=list)
    written: Answer | None = None


def parse_key(value: str) -> str:
    """Return the key a header value carries (an sf-string's quotes dropped), or raise BadKey."""
    key = value[1:-1] if len(value) >= 2 and value[0] == value[-1] == '"' else value
    if not KEY_PATTERN.fullmatch(key):
        raise BadKey(f"Idempotency-Key: must be {KEY_RULE}")
    return key


def fingerprint(method: str, path: str, query: list[tuple[str, str]], body: bytes) -> str:
    """Return what identifies a request: its method, path, query and body (a JSON body by its
    meaning, so that the order of its keys or its spaces do not matter)."""
    try:
        body = json.dumps(json.loads(body), sort_keys=True, separators=(",", ":")).encode()
    except ValueError:
        pass  # not JSON (an uploaded archive): its bytes
    digest = hashlib.sha256()
    for part in (method.encode(), path.encode(), json.dumps(sorted(query)).encode(), body):
        digest.update(len(part).to_bytes(8, "big") + part)
    return digest.hexdigest()


def claim(user: User, key: str, request_print: str,
          provisional: Provisional | None = None) -> Answer | None:
    """Claim `key` for a request: None when it is new (its row is now in the session, to be
    committed with the request's work, and with `provisional`'s answer); the first answer
    when the same request was answered. Raise KeyReused for another request under the key,
    KeyInProgress while the first one is not answered.

    The user's row, locked (PostgreSQL), orders the user's keyed requests; SQLite's write lock
    does the same at the insert, and the unique (user, key) settles any race."""
    db.session.execute(select(User.id).where(User.id == user.id).with_for_update())
    row = _find(user.id, key)
    if row is None:
        row = IdempotencyKey(user_id=user.id, key=key, fingerprint=request_print)
        db.session.add(row)
        try:
            db.session.flush()
        except IntegrityError:  # another request stored the key first
            db.session.rollback()
            row = _find(user.id, key)
        else:
            if provisional is not None:
                provisional.row = row
                db.session.info[PENDING] = provisional
            return None
    if row is not None and row.fingerprint != request_print:
        raise KeyReused("Idempotency-Key: this key was sent with another request; use a new "
                        "key for each new request")
    if row is None or row.status is None:
        raise KeyInProgress("Idempotency-Key: the first request with this key is still in "
                            "progress; ask again in a moment")
    return Answer(row.status, row.body or "", row.location)


def _find(user_id: int, key: str) -> IdempotencyKey | None:
    return db.session.scalar(select(IdempotencyKey).where(
        IdempotencyKey.user_id == user_id, IdempotencyKey.key == key)
        .execution_options(populate_existing=True))


@event.listens_for(Session, "after_flush")
def _note_created(session: Session, _context: object) -> None:
    """Remember the rows a keyed request creates, for its Provisional."""
    pending = session.info.get(PENDING)
    if pending is not None and pending.created is not None:
        pending.seen.extend(row for row in session.new if isinstance(row, pending.created))


@event.listens_for(Session, "before_commit")
def _answer_with_the_work(session: Session) -> None:
    """Write a keyed request's answer into its key's row in the commit of its work."""
    pending = session.info.pop(PENDING, None)  # the first commit only
    if pending is None:
        return
    session.flush()
    if pending.created is None or pending.seen:
        answer = pending.answer(pending.seen[0] if pending.seen else None)
        pending.row.status, pending.row.body = answer.status, answer.body
        pending.row.location = answer.location
        pending.written = answer


def forget_pending() -> None:
    """Drop what the session holds of a claimed key (the request is over)."""
    db.session.info.pop(PENDING, None)


def record(user_id: int, key: str, request_print: str, answer: Answer) -> None:
    """Store the answer sent for a claimed key whose work was committed: a success replaces
    the provisional answer, an error is kept only as the first answer (a key whose request
    stored nothing is not in the table: nothing happens, and it stays free)."""
    mine = [IdempotencyKey.user_id == user_id, IdempotencyKey.key == key,
            IdempotencyKey.fingerprint == request_print]
    if answer.status >= 400:
        mine.append(IdempotencyKey.status.is_(None))
    db.session.execute(update(IdempotencyKey).where(*mine).values(
        status=answer.status, body=answer.body, location=answer.location))
    db.session.commit()


def prune_keys(now: datetime | None = None) -> int:
    """Delete the keys older than KEPT, in batches; return how many."""
    before = (now or utcnow()) - KEPT
    deleted = 0
    while True:
        batch = select(IdempotencyKey.id).where(IdempotencyKey.created_at < before).limit(BATCH)
        count = db.session.execute(delete(IdempotencyKey).where(
            IdempotencyKey.id.in_(batch))).rowcount
        db.session.commit()
        deleted += count
        if count < BATCH:
            return deleted
