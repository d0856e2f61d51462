"""Configuration: one table of options, each with its default, how it is read and what it means.

Settings come in three layers, each overriding the one before: the defaults in `OPTIONS`, the
mapping passed to `create_app(test_config)`, and environment variables named `ARENA_<NAME>`
(parsed as JSON when they can be, text options kept as written). `finalize` reads every option
with its own parser, so a bad value stops the start with one line naming the variable (never a
secret's value, never a password of a URL), and fills the derived settings.
docs/configuration.md's table of settings and .env.example's list are written from `OPTIONS`
(`python -m arena.config docs/configuration.md .env.example`); tests/arena/test_config.py fails
when they differ.
"""

from __future__ import annotations

import json
import math
import os
import re
import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from limits import parse_many
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from arena.bounds import MAX_DAYS
from graders.grading.budget import DEFAULT_BUDGET

#: The repository root (platform/arena/config.py -> two folders up).
REPOSITORY = Path(__file__).resolve().parents[2]
REPOSITORY_CHALLENGES = REPOSITORY / "challenges"
REPOSITORY_LESSONS = REPOSITORY / "lessons"

#: The fewest characters of ARENA_SECRET_KEY outside testing, and how to make a good one.
SECRET_KEY_LENGTH = 32
MAKE_SECRET_KEY = 'python -c "import secrets; print(secrets.token_urlsafe(48))"'

#: Settings docker-compose.yml (or the image's Dockerfile) sets itself for the app's services
#: (docs/configuration.md says how); every other one passes through from .env
#: (tests/compose/test_settings.py holds the file to it).
COMPOSE_FIXED = frozenset({"DATA_DIR", "CHALLENGES_DIR", "LESSONS_DIR", "DATABASE_URL",
                           "DATABASE_PASSWORD", "QUEUE", "REDIS_URL", "SANDBOX"})
#: Defaults docker-compose.yml gives a passed-through setting in place of the app's.
COMPOSE_DEFAULTS = {"TRUSTED_PROXIES": 1}


class SettingError(ValueError):
    """A setting that stops the start: its message is one line and holds no secret."""


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
        if above is not None and most is not None and not found <= most:
            raise ValueError(f"must be at most {most:g}")
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
    secret: bool = False

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
           'the database, SQLite or PostgreSQL. `postgresql://...` and `postgres://...` are '
           'rewritten to `postgresql+psycopg://...` (psycopg 3). A password in it must be '
           'percent-encoded (`@` as `%40`, `/` as `%2F`, `:` as `%3A`, `%` as `%25`); '
           'messages show it as `***`',
           shown='`sqlite:///<ARENA_DATA_DIR>/arena.db`'),
    Option("DATABASE_PASSWORD", None, TEXT,
           "the PostgreSQL password, as it is (any character, nothing to encode): it replaces "
           'the password of `ARENA_DATABASE_URL`', secret=True),
    Option("SECRET_KEY", None, TEXT,
           'signs sessions; set it explicitly when several web replicas share one database, '
           f'at least {SECRET_KEY_LENGTH} characters (outside testing): `{MAKE_SECRET_KEY}`',
           shown='a random key generated on first start and kept in `<ARENA_DATA_DIR>/secret_key` '
                 '(mode 0600)', secret=True),
    Option("SANDBOX", None, TEXT,
           '`docker` or `process`; naming one makes its absence an error',
           shown='unset: `docker` when an engine answers (building the image if missing), else '
                 '`process`; `arena serve` says which and why'),
    Option("POOL_SIZE", 3, whole(),
           'Docker containers kept alive in each of the two pools (public boxes; hidden boxes, '
           'from the hidden image), each a zygote with the runner and NumPy loaded, lent to one '
           'job at a time and recycled after 200 jobs or 5 minutes (docs/security.md); set it to '
           'one more than the jobs a process grades at once (`ARENA_WORKERS`, or `arena worker '
           '--concurrency`)'),
    Option("SANDBOX_BASE", "python:3.12-slim", TEXT,
           'base image when the sandbox image has to be built (`arena sandbox build --base` '
           'builds it by hand)'),
    Option("QUEUE", "embedded", choice("embedded", "distributed"),
           '`embedded`: `arena serve` grades (in processes of its own with '
           '`ARENA_GRADING_PROCESSES`); `distributed`: `arena serve` only enqueues on Redis '
           '(`ARENA_REDIS_URL`, required) and `arena worker` processes grade'),
    Option("WORKERS", 2, whole(),
           'number of embedded worker threads, in each grading process (`arena worker '
           '--concurrency N` for the distributed queue)'),
    Option("GRADING_PROCESSES", 2, whole(1),
           '`arena serve` (embedded queue) grades in this many processes of its own (`arena '
           'grader`), so that every core grades while the web process only answers; one per '
           'core'),
    Option("LEASE_SECONDS", 30, number(),
           "how long a worker's claim on a job lasts unless renewed (every third of it); a lapsed "
           "lease is requeued. A worker's registration lasts as long: its sandbox containers "
           'are reaped once it has lapsed for another lease'),
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
    Option("METRICS_TOKEN", None, TEXT,
           'when set, `GET /metrics` answers only requests with `Authorization: Bearer <token>` '
           '(`401` otherwise); unset, anyone who reaches it may read it (counts and durations '
           'only: docs/deploy.md, "Signals")'),
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
    Option("PUBLIC_URL", None, TEXT,
           "the site's address as its users reach it (`https://arena.example.edu`): the base of "
           'the links in e-mails. Links are never built from the Host a request names, which '
           'anyone can forge',
           shown='unset: no e-mail is sent'),
    Option("LTI_RETRY_SECONDS", 30.0, number(above=0, most=3600),
           'the wait before a score an LMS did not take (away, or refusing) is sent again, '
           'doubled at each try (at most an hour), eight tries in all: docs/lti.md'),
    Option("SMTP_HOST", None, TEXT,
           'the SMTP server that sends password reset links; with `ARENA_PUBLIC_URL` it turns '
           'on reset by e-mail (`/password/forgot`). Without mail, an admin or a student\'s '
           'instructor issues a one-time link instead',
           shown='unset: no e-mail'),
    Option("SMTP_PORT", 587, whole(least=1), 'the SMTP server\'s port'),
    Option("SMTP_SECURITY", "starttls", choice("starttls", "ssl", "none"),
           '`starttls` (upgrade the connection, usually port 587), `ssl` (TLS from the start, '
           'usually 465) or `none` (plain, for a relay on the same host)'),
    Option("SMTP_USERNAME", None, TEXT, 'the SMTP login, when the server asks for one'),
    Option("SMTP_PASSWORD", None, TEXT, 'its password', secret=True),
    Option("SMTP_TIMEOUT_SECONDS", 10.0, number(above=0),
           'the most one delivery to the SMTP server may take'),
    Option("MAIL_FROM", "Attention Arena <arena@localhost>", TEXT,
           "the e-mails' `From` address"),
    Option("PASSWORD_RESET_HOURS", 24.0, number(above=0, most=MAX_DAYS * 24),
           'a password reset link works once, for this many hours after it was issued (by '
           'e-mail, by an admin or by an instructor); a new link replaces the old'),
    Option("PASSWORD_RESET_RATE_LIMIT", "5 per minute; 20 per hour", RATE_LIMIT,
           '`POST /password/forgot` per client address, whatever the outcome (the page answers '
           'the same whether or not the account exists)'),
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
           'largest accepted code of a submission, run or draft, in bytes of UTF-8 '
           '(larger: `413`)'),
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
           '`POST .../runs` (and a lesson cell\'s run) waits at most this long for the result '
           '(answering `200` with it), then answers `202` with the URL to read; `0`: always '
           '`202` at once. Replaces `ARENA_RUN_WAIT_EXTRA_SECONDS`'),
    Option("READ_WAIT_SECONDS", 25.0, number(),
           'a read with `?wait=` (`GET /api/v1/submissions/<id>`, `GET /api/v1/cell-runs/<id>`) '
           'waits at most this long for the result, and at most the 60 s a client may ask: '
           'waiting costs no thread, and every read a learner saves is one the web tier does '
           'not answer; keep it below the proxy\'s read timeout (docs/deploy.md)'),
    Option("RUN_WAITERS", 1000, whole(),
           'reads of one web process that may wait for a result at once (a run, a `?wait=` '
           "read, a page's pushed events): each waits without a thread (arena.cooperative), so "
           'this bounds only memory; any other answers at once with where to poll. `0`: no '
           'read waits'),
    Option("RUN_WAITERS_PER_USER", 4, whole(),
           'of those, how many one user (or one visitor\'s address) may hold'),
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
    Option("LESSONS_DIR", str(REPOSITORY_LESSONS), TEXT,
           'where `/learn` and `/api/v1/lessons` read lesson folders (docs/lessons.md)',
           shown="the repository's `lessons/` folder"),
    Option("CELL_RUN_RATE_LIMIT", "30 per minute; 600 per hour", RATE_LIMIT,
           "lesson cell runs (`POST /api/v1/lessons/<slug>/cells/<id>/runs`, visitors' too) per "
           'client address; past it, `429`'),
    Option("CELL_RUN_USER_RATE_LIMIT", "30 per minute; 600 per hour", RATE_LIMIT,
           'the same, per logged-in user, from any address'),
    Option("CELL_TIME_LIMIT", 5.0, number(above=0),
           "seconds (wall clock and CPU) a lesson cell's run may take in the sandbox"),
    Option("CELL_MEMORY_MB", 256, whole(least=64),
           "memory of a lesson cell's sandbox, MiB (at least 64)"),
    Option("RETENTION_CELL_RUN_HOURS", 24, number(most=MAX_DAYS * 24),
           'finished lesson cell runs are deleted this many hours after they ended (`0`: kept)'),
    Option("PRUNE_EVERY_HOURS", 6, number(most=MAX_DAYS * 24),
           '`arena serve` and `arena worker` apply the retention at start and then this often '
           '(`0`: only `arena db prune`; at most 876000)'),
    Option("EDITORIAL_AFTER_ATTEMPTS", 3, whole(least=1),
           "graded submissions (runs do not count) after which a learner may read a "
           "challenge's editorial without having solved it"),
    Option("REVIEW_URL", None, TEXT,
           'the AI reviewer: the base URL of an OpenAI-compatible API (`http://127.0.0.1:11434/v1` '
           'for Ollama; `/chat/completions` is appended). Unset: no AI review (`POST '
           '/api/v1/submissions/<id>/review` answers `503`); the named bug is always shown '
           '(docs/review.md)'),
    Option("REVIEW_MODEL", "llama3.2", TEXT,
           "the model the reviewer is asked for (the API's `model`)"),
    Option("REVIEW_API_KEY", None, TEXT,
           'sent as `Authorization: Bearer ...` to the reviewer when set', secret=True),
    Option("REVIEW_TIMEOUT_SECONDS", 30.0, number(above=0),
           'the most one review may take, from connecting to its last word; past it the review '
           'ends with `review_failed`'),
    Option("REVIEW_RATE_LIMIT", "5 per minute; 30 per hour", RATE_LIMIT,
           'reviews one user may ask the reviewer for (a review already kept is not counted); '
           'past it, `429`'),
    Option("DRAFT_RATE_LIMIT", "60 per minute; 1200 per hour", RATE_LIMIT,
           'drafts one user may save (the editor saves at most once a second; a refused save '
           'keeps its code in the browser); past it, `429`'),
    Option("REVIEW_CACHE_ROWS", 10000, whole(least=1),
           'reviews kept for reuse (each at most 4000 characters); past it the oldest go first'),

)

DEFAULTS: dict[str, Any] = {option.name: option.default for option in OPTIONS}
TABLE_START = "| variable | default | meaning |\n|---|---|---|\n"

ENV_START = ("# Every other setting (docs/configuration.md says what each does), at its default:\n"
             "# uncomment a line to change it. Written by `python -m arena.config .env.example`.\n")


def database_url(url: str) -> str:
    """Return `url` with PostgreSQL URLs pointed at the psycopg 3 driver."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def shown_url(url: str | URL) -> str:
    """Return a database URL as messages show it: its password as `***`."""
    return make_url(url).render_as_string(hide_password=True)


def _database(text: str, password: str | None) -> str:
    """Return the database URL to connect to: `text` checked, with `password` put in it (as
    it is: SQLAlchemy encodes it). Refuses what would connect elsewhere than meant."""
    text = database_url(text)
    if not text.startswith("sqlite") and text.count("@") > 1:
        # `user:p@ss@host` parses as host `ss@host`: a piece of the password in every message.
        raise SettingError(
            "ARENA_DATABASE_URL holds more than one '@': percent-encode the password's special "
            "characters (@ as %40, / as %2F, : as %3A, % as %25) or give the password alone "
            "in ARENA_DATABASE_PASSWORD")
    try:
        url = make_url(text)
        backend = url.get_backend_name()
    except (ArgumentError, ValueError):
        raise SettingError("ARENA_DATABASE_URL is not a database URL such as "
                           "postgresql+psycopg://user@host:5432/name") from None
    if backend not in ("sqlite", "postgresql"):
        raise SettingError(f"ARENA_DATABASE_URL names {backend}, not SQLite or PostgreSQL: "
                           f"{shown_url(url)}")
    if not password:
        return text
    if backend == "sqlite":
        raise SettingError("ARENA_DATABASE_PASSWORD is set but ARENA_DATABASE_URL names SQLite, "
                           "which has no password")
    return url.set(password=password).render_as_string(hide_password=False)


def from_environment(config: dict[str, Any]) -> None:
    """Set `config` from the ARENA_* environment variables: each parsed as JSON when it can be
    (ARENA_WORKERS=4 is the number 4), except a text option's, kept as written: a password
    `1e5` or `true` stays itself."""
    text = {option.name for option in OPTIONS if option.read is TEXT}
    for key in sorted(os.environ):
        if key.startswith("ARENA_"):
            name, value = key.removeprefix("ARENA_"), os.environ[key]
            if name not in text:
                try:
                    value = json.loads(value)
                except ValueError:
                    pass
            config[name] = value


def _secret_key(data_dir: Path) -> str:
    """Read the secret key persisted in the data folder, creating it on first use."""
    path = data_dir / "secret_key"
    if not path.exists():
        path.touch(mode=0o600)
        path.write_text(secrets.token_urlsafe(48), encoding="utf-8")
    return path.read_text(encoding="utf-8").strip()


def _read_all(config: dict[str, Any]) -> None:
    """Read every option with its own reader; a bad value names its variable (and shows the
    value, unless it is a secret)."""
    for option in OPTIONS:
        value = config[option.name]
        try:
            config[option.name] = option.read(value)
        except (TypeError, ValueError) as exc:
            said = str(exc)
            why = said if said.startswith(("must", "is not")) else "is not valid"
            raise SettingError(f"ARENA_{option.name} {why}"
                               + ("" if option.secret else f": {value!r}")) from None


def finalize(config: dict[str, Any]) -> None:
    """Read every option, then fill the derived settings: data folder, database URL, secret
    key, engine options, the rate limits' storage and the cookies' Secure flag. Raises
    SettingError, one line without secrets, for what would not work."""
    _read_all(config)
    if config["QUEUE"] == "distributed" and not config["REDIS_URL"]:
        raise SettingError("ARENA_QUEUE=distributed needs ARENA_REDIS_URL (redis://host:6379/0)")
    data_dir = Path(str(config["DATA_DIR"])).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    config["DATA_DIR"] = str(data_dir)
    url = _database(str(config["DATABASE_URL"] or f"sqlite:///{data_dir / 'arena.db'}"),
                    config["DATABASE_PASSWORD"])
    config["DATABASE_URL"] = config["SQLALCHEMY_DATABASE_URI"] = url
    config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {"pool_pre_ping": True})
    config["SECRET_KEY"] = str(config["SECRET_KEY"] or _secret_key(data_dir))
    if len(config["SECRET_KEY"]) < SECRET_KEY_LENGTH and not config.get("TESTING"):
        raise SettingError(f"ARENA_SECRET_KEY is {len(config['SECRET_KEY'])} characters long: "
                           f"it needs at least {SECRET_KEY_LENGTH}; make one with "
                           f"{MAKE_SECRET_KEY}")
    config["CHALLENGES_DIR"] = str(Path(str(config["CHALLENGES_DIR"])).resolve())
    config["LESSONS_DIR"] = str(Path(str(config["LESSONS_DIR"])).resolve())
    config["RATE_LIMIT_STORAGE_URI"] = str(
        config["RATE_LIMIT_STORAGE_URI"] or config["REDIS_URL"] or "memory://")
    for cookie in ("SESSION_COOKIE_SECURE", "REMEMBER_COOKIE_SECURE"):  # HTTPS implies them
        config[cookie] = config["HTTPS"] or flag(config.get(cookie, False))


def docs_table() -> str:
    """Return docs/configuration.md's table of settings, written from OPTIONS."""
    rows = [f"| `ARENA_{o.name}` | {o.shown_default()} | {o.meaning}"
            f"{'; **a secret**, never logged nor shown' if o.secret else ''} |\n"
            for o in OPTIONS]
    return TABLE_START + "".join(rows)


def with_docs_table(page: str) -> str:
    """Return `page` (docs/configuration.md) with its table of settings written anew."""
    table = re.compile(re.escape(TABLE_START) + r"(\|.*\|\n)*")
    if not table.search(page):
        raise ValueError("no table of settings found")
    return table.sub(lambda _: docs_table(), page, count=1)


def env_value(value: Any) -> str:
    """Return a default as a line of .env writes it (quoted when it holds a space, `#` or `;`)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    text = str(value)
    return f'"{text}"' if re.search(r"[\s#;]", text) else text


def with_env_list(example: str) -> str:
    """Return `example` (.env.example) with its list of settings written anew after ENV_START:
    every setting the compose file passes through and the lines above do not name, commented
    out at its default, its secrets marked."""
    if ENV_START not in example:
        raise ValueError("no list of settings found")
    head = example.split(ENV_START)[0]
    lines = []
    for option in OPTIONS:
        name = f"ARENA_{option.name}"
        if option.name in COMPOSE_FIXED or f"{name}=" in head:
            continue
        default = COMPOSE_DEFAULTS.get(option.name, option.default)
        lines += ["# a secret:"] * option.secret + [f"# {name}={env_value(default)}"]
    return head + ENV_START + "\n".join(lines) + "\n"


if __name__ == "__main__":  # python -m arena.config docs/configuration.md .env.example
    for target in map(Path, sys.argv[1:]):
        page = target.read_text(encoding="utf-8")
        target.write_text(with_docs_table(page) if target.suffix == ".md" else with_env_list(page),
                          encoding="utf-8")
