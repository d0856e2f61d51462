"""Configuration: one table of options, each with its default, how it is read and what it means.

Settings come in three layers, each overriding the one before: the defaults in `OPTIONS`, the
mapping passed to `create_app(test_config)`, and environment variables named `ARENA_<NAME>`
(parsed as JSON when they can be). `finalize` reads every option with its own parser, so a bad
value stops the start with a message naming the variable, and fills the derived settings.
docs/configuration.md's table of settings is written from `OPTIONS` (`python -m arena.config
docs/configuration.md`); tests/arena/test_config.py fails when the two differ.
"""

from __future__ import annotations

import math
import re
import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from limits import parse_many

from arena.bounds import MAX_DAYS
from graders.grading.budget import DEFAULT_BUDGET

#: The repository root (platform/arena/config.py -> two folders up).
REPOSITORY = Path(__file__).resolve().parents[2]
REPOSITORY_CHALLENGES = REPOSITORY / "challenges"

#: Reads one raw value (from the defaults, a mapping or the environment); raises ValueError
#: saying what it expected.
Reader = Callable[[Any], Any]


def flag(value: Any) -> bool:
    """Read a yes/no setting: JSON true/false and numbers, or words such as "off" and "no"."""
    if isinstance(value, str):
        return value.strip().lower() not in ("", "0", "false", "no", "off")
    return bool(value)


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def whole(least: int | None = None) -> Reader:
    """Read a whole number, at least `least`."""
    def read(value: Any) -> int:
        number = int(value)
        if least is not None and number < least:
            raise ValueError(f"must be at least {least}")
        return number
    return read


def number(most: float | None = None, above: float | None = None) -> Reader:
    """Read a number from 0 (or above `above`) to `most`; never NaN."""
    def read(value: Any) -> float:
        found = float(value)
        if above is not None and not found > above:
            raise ValueError(f"must be above {above:g}")
        if above is None and not 0 <= found <= (math.inf if most is None else most):
            raise ValueError(f"must be from 0 to {most:g}" if most is not None
                             else "must be 0 or more")
        return found
    return read


def optional(reader: Reader) -> Reader:
    """Read nothing (unset) as None, anything else with `reader`."""
    return lambda value: None if value in (None, "") else reader(value)


def choice(*values: str) -> Reader:
    """Read one of `values`."""
    def read(value: Any) -> str:
        if value not in values:
            raise ValueError(f"must be one of {values}")
        return value
    return read


def rate_limit(value: Any) -> str:
    """Read a rate limit such as '5 per minute; 30 per hour' (empty: that limit is off)."""
    text = str(value or "").strip()
    try:
        if text:
            parse_many(text)
    except ValueError:
        raise ValueError("is not a rate limit such as '5 per minute; 30 per hour'") from None
    return text


TEXT, FLAG, RATE_LIMIT, DAYS = _text, flag, rate_limit, number(most=MAX_DAYS)


@dataclass(frozen=True)
class Option:
    """One setting: its name (less `ARENA_`), default, reader, meaning, and the default as the
    docs show it when its value alone would not say enough."""

    name: str
    default: Any
    read: Reader
    meaning: str
    shown: str | None = None

    def shown_default(self) -> str:
        """Return the default as the docs' table shows it."""
        if self.shown is not None:
            return self.shown
        if self.default is None:
            return "unset"
        if isinstance(self.default, bool):
            return "`true`" if self.default else "off"
        if isinstance(self.default, int | float):
            return f"`{self.default:g}`"
        return f"`{self.default}`"


OPTIONS: tuple[Option, ...] = (
    Option("DATA_DIR", str(REPOSITORY / "data"), TEXT,
           'where the SQLite database, the secret key and the compiled translations live',
           shown='`data/` in the repository (whatever folder `arena` starts in; created if '
                 'missing)'),
    Option("DATABASE_URL", None, TEXT,
           'the database. `postgresql://...` and `postgres://...` are rewritten to '
           '`postgresql+psycopg://...` (psycopg 3)',
           shown='`sqlite:///<ARENA_DATA_DIR>/arena.db`'),
    Option("SECRET_KEY", None, TEXT,
           'signs sessions; set it explicitly when several web replicas share one database',
           shown='a random key generated on first start and kept in `<ARENA_DATA_DIR>/secret_key` '
                 '(mode 0600)'),
    Option("SANDBOX", None, TEXT,
           '`docker` or `process`; naming one makes its absence an error',
           shown='unset: `docker` when an engine answers (building the image if missing), else '
                 '`process`; `arena serve` says which and why'),
    Option("POOL_SIZE", 3, whole(),
           'Docker containers kept alive in each of the two pools (public boxes; hidden boxes, '
           'from the hidden image), each a zygote with the runner and NumPy loaded, lent to one '
           'job at a time and recycled after 200 jobs or 5 minutes (docs/security.md); set it to '
           'one more than the jobs graded at once (`ARENA_WORKERS`, or `arena worker '
           '--concurrency`)'),
    Option("SANDBOX_BASE", "python:3.12-slim", TEXT,
           'base image when the sandbox image has to be built (`arena sandbox build --base` '
           'builds it by hand)'),
    Option("QUEUE", "embedded", choice("embedded", "distributed"),
           '`embedded`: worker threads inside `arena serve`; `distributed`: `arena serve` only '
           'enqueues on Redis (`ARENA_REDIS_URL`, required) and `arena worker` processes grade'),
    Option("WORKERS", 2, whole(),
           'number of embedded worker threads (`arena worker --concurrency N` for the distributed '
           'queue)'),
    Option("LEASE_SECONDS", 30, number(),
           "how long a worker's claim on a job lasts unless renewed (every third of it); a lapsed "
           'lease is requeued'),
    Option("CHALLENGES_DIR", str(REPOSITORY_CHALLENGES), TEXT,
           'where `arena challenges sync` reads challenge folders',
           shown="the repository's `challenges/` folder"),
    Option("TRANSLATIONS_DIR", None, TEXT,
           "the interface's catalogs, `<locale>/LC_MESSAGES/messages.po`: English plus one "
           'language per catalog found there, for the interface and the challenges alike',
           shown='`platform/arena/translations`'),
    Option("REDIS_URL", None, TEXT,
           "the distributed queue's broker (`redis://host:6379/0`); when set, the rate limits "
           'count there too (shared by every web replica)'),
    Option("RATE_LIMIT_ENABLED", True, FLAG,
           '`false` (or `off`, `0`) turns every rate limit off'),
    Option("RATE_LIMIT_STORAGE_URI", None, TEXT,
           'where the rate limits count, as a [limits](https://limits.readthedocs.io/) storage '
           'URL (`memory://`, `redis://host:6379/0`, ...)',
           shown='unset: `ARENA_REDIS_URL` when set, else `memory://`'),
    Option("LOGIN_RATE_LIMIT", "30 per minute; 300 per hour", RATE_LIMIT,
           'failed `POST /login` per client address'),
    Option("LOGIN_USERNAME_RATE_LIMIT", "5 per minute; 30 per hour", RATE_LIMIT,
           'failed password checks per account, from any address: `POST /login` per username as '
           'login reads it (NFKC: `ａｎｎ` is `ann`), and wrong current passwords on `POST '
           '/account/password`'),
    Option("REGISTER_RATE_LIMIT", "60 per minute; 300 per hour", RATE_LIMIT,
           '`POST /register` per client address, whatever the outcome'),
    Option("API_TOKEN_RATE_LIMIT", "30 per minute; 300 per hour", RATE_LIMIT,
           'API requests per client address whose bearer token was refused (`401`); past it, '
           'refused tokens answer `429`, valid ones still pass'),
    Option("TRUSTED_PROXIES", 0, whole(),
           'number of reverse proxies in front of the app whose `X-Forwarded-For` and '
           "`X-Forwarded-Proto` are believed (Werkzeug's `ProxyFix`); the rate limits then count "
           "the client's address, not the proxy's"),
    Option("HTTPS", False, FLAG,
           'the site is served over HTTPS (usually behind a proxy that ends TLS): session cookies '
           'get `Secure` and every response sends `Strict-Transport-Security: max-age=31536000; '
           'includeSubDomains`. Turn it on only once HTTPS works: browsers then refuse plain HTTP '
           'to this host for a year'),
    Option("SUBMISSION_RATE_LIMIT", "10 per minute; 200 per hour", RATE_LIMIT,
           'submissions one user may send (API or form), counted per user; past it, `429`'),
    Option("RUN_RATE_LIMIT", "30 per minute; 600 per hour", RATE_LIMIT,
           'runs (public examples only) one user may ask for, counted per user; past it, `429`'),
    Option("MAX_PENDING_PER_USER", 4, whole(least=1),
           'submissions and runs one user may have queued or running at once; one more answers '
           '`429` until one is graded (at least 1)'),
    Option("MAX_TOKENS_PER_USER", 20, whole(least=1),
           'live API tokens one account may hold; one more, from `/account` or `arena tokens '
           'create`, is refused (`409`, code `too_many_tokens`; the command exits 1) until one is '
           'revoked (at least 1)'),
    Option("TOKEN_CREATE_RATE_LIMIT", "10 per minute; 50 per hour", RATE_LIMIT,
           'tokens one user may create on `/account` (`POST /account/tokens`), refused ones '
           'included; past it, `429`. `arena tokens create` runs on the server and is not counted'),
    Option("JOIN_RATE_LIMIT", "30 per minute; 300 per hour", RATE_LIMIT,
           "join codes that named no course, per client address (API, the dashboard's form, join "
           'links); past it every code from that address answers `429`, a right one included, '
           'until the window ends'),
    Option("JOIN_USER_RATE_LIMIT", "10 per minute; 30 per hour", RATE_LIMIT,
           'the same, per user, from any address'),
    Option("MAX_CODE_BYTES", 64 * 1024, whole(),
           'largest accepted submission, in bytes of UTF-8 (larger: `413`)'),
    Option("MAX_CONTENT_LENGTH", 4 * 1024 * 1024, whole(),
           "largest accepted request body (larger: `413`); a challenge upload's files are bounded "
           'on their own (64 files, 256 KiB each, 2 MiB in all: `422`)',
           shown='`4194304` (4 MiB)'),
    Option("SESSION_COOKIE_SAMESITE", "Lax", TEXT,
           "the web session cookie's `SameSite` (`Strict` also works; `None` would need HTTPS)"),
    Option("WTF_CSRF_TIME_LIMIT", None, optional(number()),
           "seconds a page's CSRF token stays valid",
           shown='unset: as long as the session'),
    Option("RUN_WAIT_SECONDS", 2.0, number(),
           '`POST .../runs` waits at most this long for the result (answering `200` with it), '
           'then answers `202` with the URL to poll; `0`: always `202` at once; a `GET '
           '/api/v1/submissions/<id>?wait=` waits at most this long too. Replaces '
           '`ARENA_RUN_WAIT_EXTRA_SECONDS`'),
    Option("RUN_WAITERS", 4, whole(),
           'request threads of one web process that may wait for a run (or a `?wait=` read) at '
           "once (keep it below the server's 8 threads); any other run answers `202` at once. "
           '`0`: no run waits'),
    Option("RUN_WAITERS_PER_USER", 1, whole(),
           'of those, how many one user may hold'),
    Option("RETENTION_RUN_DAYS", 14, DAYS,
           'finished runs are deleted this many days after they ended (`0`: kept; at most 36500, '
           "as for every span of days here and `arena db prune`'s options, "
           '`arena.bounds.MAX_DAYS`)'),
    Option("RETENTION_RUN_BYTES_PER_USER", 16 * 1024 * 1024, whole(),
           "a user's finished runs beyond their newest this many bytes (code, output, test "
           'details) are deleted, oldest first; the newest is always kept (`0`: no share)',
           shown='`16777216` (16 MiB)'),
    Option("RETENTION_DETAIL_DAYS", 90, DAYS,
           'the printed output and public test details (input, expected, got, weights) of work '
           'finished this many days ago are dropped, except submissions in a gradebook (`0`: '
           'kept; at most 36500)'),
    Option("RETENTION_DRAFT_DAYS", 30, DAYS,
           'superseded drafts (versions replaced before they were published) that nothing uses '
           'are deleted this many days after they were made, with the finished runs on them (`0`: '
           'kept; at most 36500)'),
    Option("PREPARE_MAX_CASES", DEFAULT_BUDGET.cases, whole(least=1),
           "the most cases a version's `cases.py` may return (each is a test row of every "
           'submission); more: the version cannot be prepared'),
    Option("PREPARE_INPUT_BYTES", DEFAULT_BUDGET.input_bytes, whole(least=1),
           "the most bytes a version's cases may take as JSON (inputs, names, checks); "
           "`cases.py`'s box is stopped past it",
           shown='`1048576` (1 MiB)'),
    Option("PREPARE_OUTPUT_BYTES", DEFAULT_BUDGET.output_bytes, whole(least=1),
           "the outputs of a version's reference and mutants together, shared equally: each box "
           'may answer with this divided by one plus the number of mutants, and is stopped past '
           'it',
           shown='`8388608` (8 MiB)'),
    Option("AUTHORING_SECONDS", DEFAULT_BUDGET.seconds, number(above=0),
           'the most one whole preparation, or one whole validation, of a version may take; every '
           'box of it ends by then'),
    Option("PREPARED_CACHE_BYTES", 128 * 1024 * 1024, whole(least=1),
           'memory each process keeps for decoded prepared data, weighed by a bound on what '
           'decoding took; least recently used out first',
           shown='`134217728` (128 MiB)'),
    Option("MAX_AUTHORING_PER_USER", 3, whole(least=1),
           "an author's versions with a validation or preparation queued or running at once; one "
           'more (`validate`, or a draft Run that needs one) answers `429`'),
    Option("MAX_DRAFTS_PER_AUTHOR", 30, whole(least=1),
           'versions an author uploaded that were never published; past it, their oldest '
           'superseded drafts that nothing uses are deleted, else the upload answers `422` '
           '(`too_many_drafts`)'),
    Option("MAX_VERSIONS_PER_CHALLENGE", 50, whole(least=1),
           'versions one challenge keeps; past it, its oldest superseded drafts that nothing uses '
           'are deleted, else the upload answers `422` (`too_many_versions`)'),
    Option("PRUNE_EVERY_HOURS", 6, number(most=MAX_DAYS * 24),
           '`arena serve` and `arena worker` apply the retention at start and then this often '
           '(`0`: only `arena db prune`; at most 876000)'),

)

DEFAULTS: dict[str, Any] = {option.name: option.default for option in OPTIONS}
TABLE_START = "| variable | default | meaning |\n|---|---|---|\n"


def database_url(url: str) -> str:
    """Return `url` with PostgreSQL URLs pointed at the psycopg 3 driver."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def _secret_key(data_dir: Path) -> str:
    """Read the secret key persisted in the data folder, creating it on first use."""
    path = data_dir / "secret_key"
    if not path.exists():
        path.touch(mode=0o600)
        path.write_text(secrets.token_urlsafe(48), encoding="utf-8")
    return path.read_text(encoding="utf-8").strip()


def _read_all(config: dict[str, Any]) -> None:
    """Read every option with its own reader; a bad value names its variable."""
    for option in OPTIONS:
        value = config[option.name]
        try:
            config[option.name] = option.read(value)
        except (TypeError, ValueError) as exc:
            said = str(exc)
            why = said if said.startswith(("must", "is not")) else "is not valid"
            raise ValueError(f"ARENA_{option.name} {why}: {value!r}") from None


def finalize(config: dict[str, Any]) -> None:
    """Read every option, then fill the derived settings: data folder, database URL, secret
    key, engine options, the rate limits' storage and the cookies' Secure flag."""
    _read_all(config)
    if config["QUEUE"] == "distributed" and not config["REDIS_URL"]:
        raise ValueError("ARENA_QUEUE=distributed needs ARENA_REDIS_URL (redis://host:6379/0)")
    data_dir = Path(str(config["DATA_DIR"])).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    config["DATA_DIR"] = str(data_dir)
    url = database_url(str(config["DATABASE_URL"] or f"sqlite:///{data_dir / 'arena.db'}"))
    config["DATABASE_URL"] = config["SQLALCHEMY_DATABASE_URI"] = url
    config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {"pool_pre_ping": True})
    config["SECRET_KEY"] = str(config["SECRET_KEY"] or _secret_key(data_dir))
    config["CHALLENGES_DIR"] = str(Path(str(config["CHALLENGES_DIR"])).resolve())
    config["RATE_LIMIT_STORAGE_URI"] = str(
        config["RATE_LIMIT_STORAGE_URI"] or config["REDIS_URL"] or "memory://")
    for cookie in ("SESSION_COOKIE_SECURE", "REMEMBER_COOKIE_SECURE"):  # HTTPS implies them
        config[cookie] = config["HTTPS"] or flag(config.get(cookie, False))


def docs_table() -> str:
    """Return docs/configuration.md's table of settings, written from OPTIONS."""
    rows = [f"| `ARENA_{o.name}` | {o.shown_default()} | {o.meaning} |\n" for o in OPTIONS]
    return TABLE_START + "".join(rows)


def with_docs_table(page: str) -> str:
    """Return `page` (docs/configuration.md) with its table of settings written anew."""
    table = re.compile(re.escape(TABLE_START) + r"(\|.*\|\n)*")
    if not table.search(page):
        raise ValueError("no table of settings found")
    return table.sub(lambda _: docs_table(), page, count=1)


if __name__ == "__main__":  # python -m arena.config docs/configuration.md
    target = Path(sys.argv[1])
    target.write_text(with_docs_table(target.read_text(encoding="utf-8")), encoding="utf-8")
