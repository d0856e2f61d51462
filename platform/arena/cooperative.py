"""The web process waits without threads: gevent's cooperative standard library, patched in
before anything else is imported (`arena serve`: arena.cli; gunicorn: arena.gunicorn_conf).

A read that waits for a verdict (`?wait=`, a run, the pushed events of a page) is then a
greenlet parked on an event, not one of a few threads: a class of any size can wait at once.
The web process grades nothing itself (its grading runs in processes of its own, or in
`arena worker`), so every wait it has is on a socket, a pipe or an event. psycopg 3 sees the
patched `select` when it is first imported and waits cooperatively too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy import Engine

_WRITING = "arena.cooperative.writing"  # on a connection: it holds the process's writer lock
_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def patch() -> None:
    """Make this process's sockets, pipes, locks, sleeps and threads cooperative (idempotent).
    Call it before the server's modules are imported."""
    from gevent import monkey

    if not monkey.is_module_patched("socket"):
        monkey.patch_all()
        one_sqlite_writer()


def one_sqlite_writer(engine: Engine | None = None) -> None:
    """Let one greenlet of this process write to SQLite at a time (through `engine`, or any
    engine), the others waiting for it cooperatively.

    SQLite waits for its write lock inside C (`busy_timeout`), which no greenlet can leave: a
    request that writes, then yields before its commit (a pipe, a lock, a timer) would hold the
    lock while the next writer's wait held the whole process, until that wait failed. With this
    lock a second writer of the process waits as a greenlet; SQLite's own wait remains only
    for other processes (the grading processes), which commit without us."""
    from gevent.lock import Semaphore
    from sqlalchemy import Engine, event
    from sqlalchemy.pool import Pool

    connections, pools = (Engine, Pool) if engine is None else (engine, engine.pool)
    writer = Semaphore(1)

    def take(conn, _cursor, statement: str, *_args) -> None:
        if (conn.dialect.name == "sqlite" and not conn.info.get(_WRITING)
                and statement.lstrip()[:7].upper().startswith(_WRITES)):
            writer.acquire()
            conn.info[_WRITING] = True

    def give(record_info: dict) -> None:
        if record_info.pop(_WRITING, False):
            writer.release()

    event.listen(connections, "before_cursor_execute", take)
    event.listen(connections, "commit", lambda conn: give(conn.info))
    event.listen(connections, "rollback", lambda conn: give(conn.info))
    event.listen(pools, "reset", lambda _dbapi, record, _state: give(record.info))
    event.listen(pools, "invalidate", lambda _dbapi, record, _error: give(record.info))
