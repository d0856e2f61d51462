"""Configuration: documented defaults, then a test mapping, then ARENA_* environment variables.

The table of settings lives in docs/configuration.md; keep the two in step.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from limits import parse_many

from arena.bounds import MAX_DAYS
from graders.budget import DEFAULT_BUDGET

#: The repository root (platform/arena/config.py -> two folders up).
REPOSITORY = Path(__file__).resolve().parents[2]
REPOSITORY_CHALLENGES = REPOSITORY / "challenges"

DEFAULTS: dict[str, Any] = {
    "DATA_DIR": str(REPOSITORY / "data"),
    "DATABASE_URL": None,
    "SECRET_KEY": None,
    "SANDBOX": None,
    "QUEUE": "embedded",
    "REDIS_URL": None,
    "CHALLENGES_DIR": str(REPOSITORY_CHALLENGES),
    "TRANSLATIONS_DIR": None,  # unset: the catalogs in platform/arena/translations
    "WORKERS": 2,
    "LEASE_SECONDS": 30,  # a claimed job's lease; workers renew it every third of that
    "POOL_SIZE": 3,  # Docker boxes kept alive: one more than the jobs graded at once (WORKERS)
    "SANDBOX_BASE": "python:3.12-slim",
    "MAX_CODE_BYTES": 64 * 1024,
    "MAX_CONTENT_LENGTH": 4 * 1024 * 1024,  # a challenge upload (graders.authoring.bundle)
    # POST .../runs: a few request threads may wait briefly for a result; others answer 202
    # at once (arena.services.waiters). Keep RUN_WAITERS below the server's 8 threads.
    "RUN_WAIT_SECONDS": 2.0,
    "RUN_WAITERS": 4,
    "RUN_WAITERS_PER_USER": 1,
    # Retention of stored work (arena.services.retention, `arena db prune`); 0 keeps forever.
    "RETENTION_RUN_DAYS": 14,  # finished runs deleted this long after they ended
    "RETENTION_RUN_BYTES_PER_USER": 16 * 1024 * 1024,  # a user's older runs beyond it deleted
    "RETENTION_DETAIL_DAYS": 90,  # then output and public test details dropped (not gradebooks')
    "PRUNE_EVERY_HOURS": 6,  # arena serve and arena worker prune this often; 0: only by hand
    "SESSION_COOKIE_SAMESITE": "Lax",
    "HTTPS": False,  # served over HTTPS: Secure cookies and HSTS (arena.web.security)
    # A learner may keep a challenge open for hours: a CSRF token lives as long as the session.
    "WTF_CSRF_TIME_LIMIT": None,
    # Rate limits against password guessing (arena.ratelimit; docs/decisions.md says why these).
    "RATE_LIMIT_ENABLED": True,
    "RATE_LIMIT_STORAGE_URI": None,  # unset: REDIS_URL when set, else memory://
    "LOGIN_RATE_LIMIT": "30 per minute; 300 per hour",  # failed logins per address
    "LOGIN_USERNAME_RATE_LIMIT": "5 per minute; 30 per hour",  # failed logins per username
    "REGISTER_RATE_LIMIT": "60 per minute; 300 per hour",  # registrations per address
    "API_TOKEN_RATE_LIMIT": "30 per minute; 300 per hour",  # refused bearer tokens per address
    "TRUSTED_PROXIES": 0,  # reverse proxies in front whose X-Forwarded-For/-Proto to trust
    # Fair use per account (arena.intake): work taken in per user, and work waiting at once.
    "SUBMISSION_RATE_LIMIT": "10 per minute; 200 per hour",  # submissions per user
    "RUN_RATE_LIMIT": "30 per minute; 600 per hour",  # runs per user
    "MAX_PENDING_PER_USER": 4,  # a user's submissions and runs queued or running at once
    # API tokens: live ones an account may hold, and how often a user may create one.
    "MAX_TOKENS_PER_USER": 20,
    "TOKEN_CREATE_RATE_LIMIT": "10 per minute; 50 per hour",  # tokens created on /account
    # Join codes that name no course (arena.joining); past a limit even a right code waits.
    "JOIN_RATE_LIMIT": "30 per minute; 300 per hour",  # per client address
    "JOIN_USER_RATE_LIMIT": "10 per minute; 30 per hour",  # per user
    # Authoring within bounds: one version's budget (graders.budget holds its defaults), the
    # decoded prepared data a process keeps, an author's work in the lane and what is stored.
    "PREPARE_MAX_CASES": DEFAULT_BUDGET.cases,
    "PREPARE_INPUT_BYTES": DEFAULT_BUDGET.input_bytes,
    "PREPARE_OUTPUT_BYTES": DEFAULT_BUDGET.output_bytes,
    "AUTHORING_SECONDS": DEFAULT_BUDGET.seconds,  # a whole preparation, or validation
    "PREPARED_CACHE_BYTES": 128 * 1024 * 1024,
    "MAX_AUTHORING_PER_USER": 3,  # an author's versions being validated or prepared at once
    "MAX_DRAFTS_PER_AUTHOR": 30,  # versions an author uploaded that were never published
    "MAX_VERSIONS_PER_CHALLENGE": 50,
    "RETENTION_DRAFT_DAYS": 30,  # superseded drafts nothing uses are deleted this long after
}

#: Settings that must be whole numbers of at least 1.
COUNTS = ("PREPARE_MAX_CASES", "PREPARE_INPUT_BYTES", "PREPARE_OUTPUT_BYTES",
          "PREPARED_CACHE_BYTES", "MAX_AUTHORING_PER_USER", "MAX_DRAFTS_PER_AUTHOR",
          "MAX_VERSIONS_PER_CHALLENGE")

RATE_LIMITS = ("LOGIN_RATE_LIMIT", "LOGIN_USERNAME_RATE_LIMIT", "REGISTER_RATE_LIMIT",
               "API_TOKEN_RATE_LIMIT", "SUBMISSION_RATE_LIMIT", "RUN_RATE_LIMIT",
               "JOIN_RATE_LIMIT", "JOIN_USER_RATE_LIMIT", "TOKEN_CREATE_RATE_LIMIT")

QUEUES = ("embedded", "distributed")


def database_url(url: str) -> str:
    """Return `url` with PostgreSQL URLs pointed at the psycopg 3 driver."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def flag(value: Any) -> bool:
    """Read a yes/no setting: JSON true/false and numbers, or words such as "off" and "no"."""
    if isinstance(value, str):
        return value.strip().lower() not in ("", "0", "false", "no", "off")
    return bool(value)


def _rate_limits(config: dict[str, Any]) -> None:
    """Check the rate-limit settings at start-up: a typo would otherwise disable a limit."""
    config["RATE_LIMIT_ENABLED"] = flag(config["RATE_LIMIT_ENABLED"])
    config["RATE_LIMIT_STORAGE_URI"] = str(
        config["RATE_LIMIT_STORAGE_URI"] or config["REDIS_URL"] or "memory://")
    for name in RATE_LIMITS:
        value = config[name] = str(config[name] or "").strip()  # empty: that limit is off
        try:
            if value:
                parse_many(value)
        except ValueError:
            raise ValueError(f"ARENA_{name} is not a rate limit such as '5 per minute; "
                             f"30 per hour': {value!r}") from None
    config["TRUSTED_PROXIES"] = int(config["TRUSTED_PROXIES"])
    for name, what in (("MAX_PENDING_PER_USER", "a user's submissions and runs queued or "
                        "running at once"), ("MAX_TOKENS_PER_USER", "live API tokens per user")):
        config[name] = int(config[name])
        if config[name] < 1:
            raise ValueError(f"ARENA_{name} must be at least 1 ({what}): {config[name]}")


def _secret_key(data_dir: Path) -> str:
    """Read the secret key persisted in the data folder, creating it on first use."""
    path = data_dir / "secret_key"
    if not path.exists():
        path.touch(mode=0o600)
        path.write_text(secrets.token_urlsafe(48), encoding="utf-8")
    return path.read_text(encoding="utf-8").strip()


def finalize(config: dict[str, Any]) -> None:
    """Fill the derived settings: data folder, database URL, secret key, engine options."""
    if config["QUEUE"] not in QUEUES:
        raise ValueError(f"ARENA_QUEUE must be one of {QUEUES}, not {config['QUEUE']!r}")
    if config["QUEUE"] == "distributed" and not config["REDIS_URL"]:
        raise ValueError("ARENA_QUEUE=distributed needs ARENA_REDIS_URL (redis://host:6379/0)")
    data_dir = Path(str(config["DATA_DIR"])).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    config["DATA_DIR"] = str(data_dir)
    url = database_url(str(config["DATABASE_URL"] or f"sqlite:///{data_dir / 'arena.db'}"))
    config["DATABASE_URL"] = config["SQLALCHEMY_DATABASE_URI"] = url
    config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {"pool_pre_ping": True})
    config["SECRET_KEY"] = str(config["SECRET_KEY"] or _secret_key(data_dir))
    config["WORKERS"] = int(config["WORKERS"])
    config["LEASE_SECONDS"] = float(config["LEASE_SECONDS"])
    config["POOL_SIZE"] = int(config["POOL_SIZE"])
    config["RUN_WAIT_SECONDS"] = float(config["RUN_WAIT_SECONDS"])
    config["RUN_WAITERS"] = int(config["RUN_WAITERS"])
    config["RUN_WAITERS_PER_USER"] = int(config["RUN_WAITERS_PER_USER"])
    for name, most in (("RETENTION_RUN_DAYS", MAX_DAYS), ("RETENTION_DETAIL_DAYS", MAX_DAYS),
                       ("RETENTION_DRAFT_DAYS", MAX_DAYS), ("PRUNE_EVERY_HOURS", MAX_DAYS * 24)):
        config[name] = float(config[name])
        if not 0 <= config[name] <= most:  # NaN too
            raise ValueError(f"ARENA_{name} must be from 0 to {most}: {config[name]}")
    config["AUTHORING_SECONDS"] = float(config["AUTHORING_SECONDS"])
    for name in COUNTS:
        config[name] = int(config[name])
        if config[name] < 1:
            raise ValueError(f"ARENA_{name} must be at least 1: {config[name]}")
    if not config["AUTHORING_SECONDS"] > 0:  # NaN too
        raise ValueError(f"ARENA_AUTHORING_SECONDS must be above 0: {config['AUTHORING_SECONDS']}")
    config["RETENTION_RUN_BYTES_PER_USER"] = int(config["RETENTION_RUN_BYTES_PER_USER"])
    config["CHALLENGES_DIR"] = str(Path(str(config["CHALLENGES_DIR"])).resolve())
    config["HTTPS"] = flag(config["HTTPS"])
    for cookie in ("SESSION_COOKIE_SECURE", "REMEMBER_COOKIE_SECURE"):  # HTTPS implies them
        config[cookie] = config["HTTPS"] or flag(config.get(cookie, False))
    _rate_limits(config)
