"""The web process waits without threads: gevent's cooperative standard library, patched in
before anything else is imported (`arena serve`: arena.cli; gunicorn: arena.gunicorn_conf).

A read that waits for a verdict (`?wait=`, a run, the pushed events of a page) is then a
greenlet parked on an event, not one of a few threads: a class of any size can wait at once.
The web process grades nothing itself (its grading runs in processes of its own, or in
`arena worker`), so every wait it has is on a socket, a pipe or an event. psycopg 3 sees the
patched `select` when it is first imported and waits cooperatively too.
"""

from __future__ import annotations


def patch() -> None:
    """Make this process's sockets, pipes, locks, sleeps and threads cooperative (idempotent).
    Call it before the server's modules are imported."""
    from gevent import monkey

    if not monkey.is_module_patched("socket"):
        monkey.patch_all()
