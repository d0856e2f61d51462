"""How soon the challenge page is usable after navigation, in Debian's Chromium.

Starts a real `arena serve` (process sandbox, SQLite in a fresh data folder) on loopback, creates
a learner through the CLI and logs them in through the /login form, then opens
/challenges/scaled-dot-product-attention N times in each of three ways:
- warm: the same browser context again (HTTP cache filled by a first visit);
- cold: a new context each time (a first visit: same login cookie, empty cache), navigated once
  its window is open (--settle seconds after opening it), as a visitor's window is;
- cold, as the window opens: the same, navigated at once. A new context is a new browser window,
  and this Chromium (headless) builds each window's own WebUI pages as it opens: that work runs
  beside the navigation on the same cores. Shown for scale, with a one-line page loaded both ways.
Times are read in the page, from the navigation's start (the Navigation Timing time origin): the
first byte, DOMContentLoaded and load from the Navigation Timing API; "Run enabled" and "editor
ready" (`[data-testid=editor][data-ready=true]`, set once CodeMirror is mounted) from a
MutationObserver installed before any of the page's scripts run; "usable" is the later of the two.
The goal (issue 5) is a page usable within 300 ms of navigation on this machine (p95, warm and
cold).
Usage: .venv/bin/python bench/page_load.py [--runs 20] [--settle 1] [--out FILE]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from live_server import PASSWORD, ROOT, USERNAME, Server

BUNDLE = ROOT / "platform/arena/web/static/dist/manifest.json"
CHROMIUM = os.environ.get("ARENA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SLUG = "scaled-dot-product-attention"
GOAL_MS = 300
ONE_LINE = b"<!doctype html><title>One line</title><p>One line of text."

# Runs in every document before its own scripts: note when the Run button is first there and
# enabled, and when the editor first says it is ready, in ms since the navigation started.
MARKS = """
(() => {
  const marks = {};
  window.__arenaBench = marks;
  const check = () => {
    const now = performance.now();
    if (marks.run === undefined) {
      const run = document.querySelector('[data-testid="run-button"]');
      if (run && !run.disabled) marks.run = now;
    }
    if (marks.editor === undefined
        && document.querySelector('[data-testid="editor"][data-ready="true"]')) {
      marks.editor = now;
    }
    if (marks.run !== undefined && marks.editor !== undefined) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true,
                               attributeFilter: ["data-ready", "disabled"] });
  document.addEventListener("DOMContentLoaded", check);
})();
"""
READ = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const marks = window.__arenaBench || {};
  return { ttfb: nav.responseStart, dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd,
           run: marks.run, editor: marks.editor, transfer: nav.transferSize };
}"""
DONE = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const marks = window.__arenaBench || {};
  return nav && nav.loadEventEnd > 0 && marks.run !== undefined && marks.editor !== undefined;
}"""
METRICS = [
    ("ttfb", "first byte (responseStart)"),
    ("dcl", "DOMContentLoaded (Navigation Timing)"),
    ("load", "load (Navigation Timing)"),
    ("run", "Run button enabled"),
    ("editor", "editor ready (`data-ready=true`)"),
    ("usable", "**usable** (Run enabled and editor ready)"),
]


def check_prerequisites() -> None:
    """Stop with a clear message when Chromium or the front-end bundle is missing."""
    if not Path(CHROMIUM).exists():
        sys.exit(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set ARENA_CHROMIUM)")
    if not BUNDLE.exists():
        sys.exit("the front-end bundle is not built: run `npm ci && npm run build` first")


def launch(playwright):
    """Launch Debian's Chromium by path, headless."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def new_context(browser, server: Server, **options):
    """Open a 1280x900 English context on the server that reports script and CSP errors."""
    context = browser.new_context(base_url=server.url, locale="en-US",
                                  viewport={"width": 1280, "height": 900}, **options)
    context.set_default_timeout(30_000)
    context.problems = []

    def watch(page) -> None:
        page.on("pageerror", lambda error: context.problems.append(f"page error: {error}"))
        page.on("console", lambda message: context.problems.append(message.text)
                if message.type == "error" else None)

    context.on("page", watch)
    return context


def log_in(page) -> None:
    """Log the learner in through the /login form."""
    page.goto("/login")
    page.get_by_label("Username").fill(USERNAME)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    page.wait_for_url("**/")
    page.get_by_role("link", name=f"Account ({USERNAME})").wait_for()


def visit(page) -> dict:
    """Navigate to the challenge once; return its times in ms since navigation start."""
    page.goto(f"/challenges/{SLUG}", wait_until="load")
    page.wait_for_function(DONE)
    times = page.evaluate(READ)
    times["usable"] = max(times["run"], times["editor"])
    return times


def quantiles(values: list[float]) -> tuple[float, float]:
    """Median and p95 (nearest rank)."""
    values = sorted(values)
    return statistics.median(values), values[max(0, int(round(0.95 * len(values))) - 1)]


def summary(samples: list[dict]) -> dict:
    """Median and p95 of every metric."""
    return {key: quantiles([sample[key] for sample in samples]) for key, _ in METRICS}


def one_line_server() -> ThreadingHTTPServer:
    """Serve a one-line page on loopback: what any first navigation costs here, for scale."""
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(ONE_LINE)))
            self.end_headers()
            self.wfile.write(ONE_LINE)

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def in_new_window(browser, server: Server, state: dict, settle: float, task):
    """Run `task(page)` in a new context (a new window, empty cache, logged in), `settle`
    seconds after its window opened; return what it returned and the errors the page reported."""
    context = new_context(browser, server, storage_state=state)
    context.add_init_script(MARKS)
    page = context.new_page()
    time.sleep(settle)
    try:
        return task(page), list(context.problems)
    finally:
        context.close()


def measure(server: Server, runs: int, settle: float) -> tuple[dict, list[str]]:
    """Return each way's summary (warm, cold, opening; one_line, one_line_opening: the one-line
    page's load event) and any errors the pages reported."""
    from playwright.sync_api import sync_playwright

    control = one_line_server()
    one_line = f"http://127.0.0.1:{control.server_address[1]}/"

    def load_one_line(page) -> float:
        page.goto(one_line, wait_until="load")
        return page.evaluate('performance.getEntriesByType("navigation")[0].loadEventEnd')

    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            warm = new_context(browser, server)
            warm.add_init_script(MARKS)
            page = warm.new_page()
            log_in(page)
            state = warm.storage_state()
            visit(page)  # fills the cache, compiles the scripts once
            samples = {"warm": [visit(page) for _ in range(runs)]}
            problems = list(warm.problems)
            warm.close()
            for way, wait, task in [("cold", settle, visit), ("opening", 0, visit),
                                    ("one_line", settle, load_one_line),
                                    ("one_line_opening", 0, load_one_line)]:
                samples[way] = []
                for _ in range(runs):
                    result, reported = in_new_window(browser, server, state, wait, task)
                    samples[way].append(result)
                    problems += reported
        finally:
            browser.close()
            control.shutdown()
    summaries = {way: summary(samples[way]) for way in ("warm", "cold", "opening")}
    summaries.update({way: quantiles(samples[way]) for way in ("one_line", "one_line_opening")})
    return summaries, problems


def render(result: dict, runs: int, version: str, settle: float) -> str:
    """Write the table as Markdown."""
    ways = ("warm", "cold", "opening")
    lines = ["| from navigation start to | warm median | warm p95 | cold median | cold p95 "
             "| cold, as the window opens: median | p95 |", "|---|---|---|---|---|---|---|"]
    for key, name in METRICS:
        cells = " | ".join(f"{result[way][key][0]:.1f} | {result[way][key][1]:.1f}"
                           for way in ways)
        lines.append(f"| {name} | {cells} |")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Linux {platform.release()}"
    worst = max(result["warm"]["usable"][1], result["cold"]["usable"][1])
    verdict = "met" if worst <= GOAL_MS else "NOT met"
    one_line, opening = result["one_line"], result["one_line_opening"]
    return (f"Measured {time.strftime('%Y-%m-%d')} on {machine}, {version} headless, "
            f"`arena serve` on loopback (process sandbox, SQLite); `/challenges/{SLUG}` "
            f"logged in, {runs} loads per column, times in ms. Warm: the same context again "
            f"(HTTP cache filled); cold: a new context each time (empty cache, same login), "
            f"navigated {settle:g} s after its window opened; as the window opens: navigated "
            f"at once.\n\n" + "\n".join(lines)
            + f"\n\nA one-line page from loopback, to its load event (median / p95): cold "
              f"{one_line[0]:.1f} / {one_line[1]:.1f} ms, as the window opens "
              f"{opening[0]:.1f} / {opening[1]:.1f} ms.\n"
            + f"\nGoal: usable within {GOAL_MS} ms of navigation (p95, warm and cold): "
              f"{verdict}.\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--settle", type=float, default=1.0,
                        help="seconds between opening a cold context's window and navigating it")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    check_prerequisites()
    version = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True,
                             check=False).stdout.strip() or "Chromium"
    with tempfile.TemporaryDirectory() as folder:
        server = Server(folder)
        try:
            result, problems = measure(server, args.runs, args.settle)
        finally:
            server.stop()
    report = render(result, args.runs, version, args.settle)
    print(report)
    for problem in problems:
        print(f"page reported: {problem}", file=sys.stderr)
    if args.out:
        args.out.write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
