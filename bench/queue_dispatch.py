"""Dispatch overhead of the two queue engines the distributed mode could use, on Redis.

    python bench/queue_dispatch.py [--redis redis://127.0.0.1:6379/15] [--trips 300]
                                   [--burst 3000]

For Dramatiq and for Celery: a real worker process (one process, four threads) runs a task
that does nothing but say it ran (a Redis RPUSH). `trips` times one message at a time, from
the send to the worker's signal (the latency a learner pays on top of grading); `burst` sends
that many at once and times until the last ran (throughput). Both use at-least-once settings:
Dramatiq acknowledges after the actor returns by default; Celery with `task_acks_late`.
The worker imports this module with ARENA_BENCH_ENGINE set, which builds only that engine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parents[1]
ENGINE = os.environ.get("ARENA_BENCH_ENGINE")
REDIS_URL = os.environ.get("ARENA_BENCH_REDIS", "redis://127.0.0.1:6379/15")
THREADS = 4

def _ran(token: str) -> None:
    """Say that a message arrived."""
    redis.Redis.from_url(REDIS_URL).rpush(f"done:{token}", 1)


def build(engine: str):
    """Return the engine's no-op task (and, for Celery, make its app this module's `app`)."""
    global app
    if engine == "dramatiq":
        import dramatiq
        from dramatiq.brokers.redis import RedisBroker

        dramatiq.set_broker(RedisBroker(url=REDIS_URL))
        return dramatiq.actor(_ran, actor_name="noop", max_retries=0)
    from celery import Celery

    app = Celery("bench", broker=REDIS_URL)
    app.conf.update(task_acks_late=True, worker_prefetch_multiplier=1,
                    task_ignore_result=True, broker_connection_retry_on_startup=True)
    return app.task(_ran, name="noop")


app = None
if ENGINE:  # imported by a worker
    noop = build(ENGINE)


def _worker(engine: str) -> subprocess.Popen:
    """Start a worker of the engine: one process, THREADS threads."""
    env = {**os.environ, "ARENA_BENCH_ENGINE": engine, "ARENA_BENCH_REDIS": REDIS_URL,
           "PYTHONPATH": str(ROOT)}
    bindir = Path(sys.executable).parent
    command = ([str(bindir / "dramatiq"), "bench.queue_dispatch", "--processes", "1",
                "--threads", str(THREADS)] if engine == "dramatiq" else
               [str(bindir / "celery"), "-A", "bench.queue_dispatch:app", "worker",
                "--pool", "threads", "--concurrency", str(THREADS), "--loglevel", "WARNING"])
    return subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def measure(engine: str, trips: int, burst: int) -> dict[str, float]:
    """Time `trips` single round trips and one burst of `burst` messages."""
    store = redis.Redis.from_url(REDIS_URL)
    store.flushdb()
    task = build(engine)
    send = task.send if engine == "dramatiq" else task.delay
    worker = _worker(engine)
    try:
        warm = uuid.uuid4().hex
        send(warm)
        if store.blpop(f"done:{warm}", timeout=60) is None:
            raise RuntimeError(f"the {engine} worker never answered")
        seconds = []
        for _ in range(trips):
            token = uuid.uuid4().hex
            start = time.perf_counter()
            send(token)
            store.blpop(f"done:{token}", timeout=30)
            seconds.append(time.perf_counter() - start)
        token = uuid.uuid4().hex
        start = time.perf_counter()
        for _ in range(burst):
            send(token)
        sent = time.perf_counter() - start
        while store.llen(f"done:{token}") < burst:
            time.sleep(0.005)
        total = time.perf_counter() - start
    finally:
        worker.terminate()
        worker.wait(30)
    seconds.sort()
    return {"p50_ms": statistics.median(seconds) * 1000,
            "p95_ms": seconds[int(0.95 * (len(seconds) - 1))] * 1000,
            "send_per_s": burst / sent, "done_per_s": burst / total}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trips", type=int, default=300)
    parser.add_argument("--burst", type=int, default=3000)
    args = parser.parse_args()
    print(f"| engine | round trip p50 | p95 | sends/s | burst done/s |  ({args.trips} trips, "
          f"burst of {args.burst}, worker: 1 process x {THREADS} threads, {REDIS_URL})")
    print("|---|---|---|---|---|")
    for engine in ("dramatiq", "celery"):
        row = measure(engine, args.trips, args.burst)
        print(f"| {engine} | {row['p50_ms']:.1f} ms | {row['p95_ms']:.1f} ms | "
              f"{row['send_per_s']:.0f} | {row['done_per_s']:.0f} |")


if __name__ == "__main__":
    main()
