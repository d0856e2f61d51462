"""Latency and throughput of a repeated call, as every grading bench reports them."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor


def measure(call: Callable[[], float], runs: int, clients: int, latency: bool = True) -> dict:
    """Latency over `runs` sequential calls (each returns its own seconds), then throughput
    with `clients` calling at once (`runs` calls in all); latency=False measures only that."""
    result: dict = {"runs": runs}
    if latency:
        latencies = sorted(call() for _ in range(runs))
        result.update(median=statistics.median(latencies),
                      p95=latencies[max(0, int(round(0.95 * len(latencies))) - 1)])
    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(lambda _: call(), range(runs)))
    result["throughput"] = runs / (time.perf_counter() - started)
    return result
