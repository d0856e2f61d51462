"""One SQLite writer at a time among a process's greenlets (arena.cooperative.one_sqlite_writer).

No monkey patching here: gevent's greenlets switch at `gevent.sleep` and at the writer lock in
the test's own thread, which is all a web process's requests do between a write and its commit.
"""

import gevent
import pytest
from sqlalchemy import create_engine, exc, text

from arena.cooperative import one_sqlite_writer

BUSY_SECONDS = 0.5  # SQLite's own wait for its write lock, inside C


def _engine(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'writers.db'}")
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE said (who TEXT)"))
    return engine


def _write_then_yield(engine, who: str, order: list[str]) -> None:
    """Insert a row, yield to the other greenlets before committing (as a request that
    writes its key, then waits on a pipe), then commit."""
    with engine.connect() as connection:
        connection.exec_driver_sql(f"PRAGMA busy_timeout = {BUSY_SECONDS * 1000:.0f}")
        connection.execute(text("INSERT INTO said VALUES (:who)"), {"who": who})
        gevent.sleep(0.05)
        connection.commit()
        order.append(who)


def _both(engine) -> list[str]:
    order: list[str] = []
    first = gevent.spawn(_write_then_yield, engine, "first", order)
    gevent.sleep(0.01)  # the first holds SQLite's write lock and yields
    second = gevent.spawn(_write_then_yield, engine, "second", order)
    gevent.joinall([first, second], raise_error=True)
    return order


def test_a_second_writer_waits_for_the_first_as_a_greenlet(tmp_path):
    engine = _engine(tmp_path)
    one_sqlite_writer(engine)
    assert _both(engine) == ["first", "second"]
    with engine.connect() as connection:
        assert connection.execute(text("SELECT who FROM said ORDER BY rowid")).scalars() \
            .all() == ["first", "second"]
    engine.dispose()


def test_without_it_the_second_writer_holds_the_thread_until_sqlite_gives_up(tmp_path):
    engine = _engine(tmp_path)  # what the lock prevents: the first never gets to commit
    with pytest.raises(exc.OperationalError, match="database is locked"):
        _both(engine)
    engine.dispose()


def test_a_rolled_back_writer_lets_the_next_one_in(tmp_path):
    engine = _engine(tmp_path)
    one_sqlite_writer(engine)
    with engine.connect() as connection:
        connection.execute(text("INSERT INTO said VALUES ('dropped')"))
        connection.rollback()
    with engine.connect() as connection:  # the pool's reset gives it back too
        connection.execute(text("INSERT INTO said VALUES ('left open')"))
    assert _both(engine) == ["first", "second"]
    engine.dispose()
