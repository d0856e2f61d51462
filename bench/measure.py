"""Latency and throughput of a repeated call, as every grading bench reports them."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor


def measure(call: Callable[[], float], runs: int, clients: int) -> dict:
    """Latency over `runs` sequential calls (each returns its own seconds), then throughput
    with `clients` calling at once."""
    latencies = sorted(call() for _ in range(runs))
    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(lambda _: call(), range(runs)))
    return {"median": statistics.median(latencies),
            "p95": latencies[max(0, int(round(0.95 * len(latencies))) - 1)],
            "throughput": runs / (time.perf_counter() - started)}
