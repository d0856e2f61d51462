// Run and Submit through the JSON API, with the session cookie and the CSRF token; the status
// (queued, running, done) is pushed by the server (server-sent events, GET .../events; long
// polling with ?wait= where EventSource fails), then the result: a Submit's verdict, or a Run's summary of its public
// examples (never worded as a verdict: the hidden tests decide that); the named bug once; one
// row per public example and one per group of hidden tests that say the same; the learner's
// own traceback, its line marked in the editor (error-line.js).
// Everything from the server is inserted as text.
import { csrfToken, newIdempotencyKey, readBody } from "./api.js";
import { append, el } from "./dom.js";
import { formatInstant } from "./times.js";
import { callRepr, differences, pathText, pyRepr, valueView } from "./values.js";

// Each read waits this long on the server for the verdict (it may wait less): short, so that the
// fallback still shows queued turning running (the stream of events shows it at once).
const WAIT_S = 2;
const POLL_MS = 300; // the pause after a read the server answered at once (no place to wait)
const SLOW_POLL_MS = 1000;
const SLOW_AFTER_MS = 30_000;
const GIVE_UP_MS = 300_000;
const MAX_DIFFS_LISTED = 5;
// A Run or Submit goes under one Idempotency-Key and is sent again with it after no answer, a
// proxy's 502-504 or a 409 while its first sending is unanswered: the server stores it once.
const RETRY_PAUSES_MS = [250, 500, 1000, 2000, 4000];
const RETRIED_STATUSES = new Set([0, 502, 503, 504]);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function withParams(url, params) {
  const full = new URL(url, location.origin);
  for (const [name, value] of Object.entries(params)) if (value) full.searchParams.set(name, value);
  return full.pathname + full.search;
}

class ApiError extends Error {
  constructor(message, status = 0, code = "") {
    super(message);
    this.status = status; // 0: no answer
    this.code = code;
  }
}

async function request(url, init, t) {
  let response;
  try {
    response = await fetch(url, { credentials: "same-origin", ...init });
  } catch {
    throw new ApiError(t("network_error"));
  }
  const body = await readBody(response);
  if (!response.ok) {
    const message = body && body.error ? body.error.message || body.error.code : response.statusText;
    throw new ApiError(t("request_failed", { message }), response.status, body?.error?.code || "");
  }
  return { status: response.status, body };
}

/** POST once, as far as the server is concerned: one key, sent again after a transient failure. */
export async function postOnce(url, init, t) {
  const keyed = { ...init, headers: { ...init.headers, "Idempotency-Key": newIdempotencyKey() } };
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await request(url, keyed, t);
    } catch (error) {
      const transient = RETRIED_STATUSES.has(error.status) || error.code === "idempotency_key_in_progress";
      if (!transient || attempt >= RETRY_PAUSES_MS.length) throw error;
      await sleep(RETRY_PAUSES_MS[attempt]);
    }
  }
}

async function poll(url, t, lang, onStatus) {
  const started = Date.now();
  let seen = "";
  for (;;) {
    const waited = Date.now() - started;
    if (waited > GIVE_UP_MS) throw new ApiError(t("gave_up", { url }));
    const asked = Date.now();
    const { body } = await request(withParams(url, { lang, wait: WAIT_S }),
      { headers: { Accept: "application/json" } }, t);
    if (body.status === "done") return body;
    const note = waited > SLOW_AFTER_MS ? t("still_waiting", { seconds: Math.round(waited / 1000) }) : "";
    if (body.status !== seen || note) onStatus(body.status || "queued", note);
    seen = body.status;
    // Answered well before the wait was over without a verdict: no place to wait was free.
    if (Date.now() - asked < (WAIT_S * 1000) / 2) await sleep(waited > SLOW_AFTER_MS ? SLOW_POLL_MS : POLL_MS);
  }
}

/**
 * Follow a submission through its server-sent events until its `done` event; resolve with the
 * finished body. The browser connects again by itself when a stream ends (the server's
 * `retry`); an answer that is not a stream (401, 404) rejects, and the caller polls instead.
 */
function follow(url, t, lang, onStatus) {
  const events = withParams(`${new URL(url, location.origin).pathname}/events`, { lang });
  return new Promise((resolve, reject) => {
    const source = new EventSource(events);
    const started = Date.now();
    let seen = "";
    const say = (status) => {
      const waited = Date.now() - started;
      const note = waited > SLOW_AFTER_MS ? t("still_waiting", { seconds: Math.round(waited / 1000) }) : "";
      if (status !== seen || note) onStatus(status || "queued", note);
      seen = status;
    };
    const slow = setInterval(() => say(seen), SLOW_POLL_MS * 10);
    const end = (settle, value) => {
      clearInterval(slow);
      clearTimeout(giveUp);
      source.close();
      settle(value);
    };
    const giveUp = setTimeout(() => end(reject, new ApiError(t("gave_up", { url }), 0, "gave_up")), GIVE_UP_MS);
    source.addEventListener("status", (event) => say(JSON.parse(event.data).status));
    source.addEventListener("done", (event) => end(resolve, JSON.parse(event.data)));
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) end(reject, new ApiError(t("network_error")));
    });
  });
}

async function followOrPoll(url, t, lang, onStatus) {
  if (typeof EventSource === "function") {
    try {
      return await follow(url, t, lang, onStatus);
    } catch (error) {
      if (error.code === "gave_up") throw error;
    }
  }
  return poll(url, t, lang, onStatus);
}

/**
 * POST `body` to a challenge's runs or submissions (`kind`) and wait for the finished result,
 * pushed (or polled); `onStatus(status, note)` hears each new status. Throws an Error whose
 * message is for the reader. Shared by Run, Submit and the console (console.js).
 */
export async function requestResult({ challenge, kind, body, t, lang, onStatus = () => {} }) {
  const url = withParams(`/api/v1/challenges/${encodeURIComponent(challenge.slug)}/${kind}`, { lang });
  let result;
  try {
    ({ body: result } = await postOnce(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(body),
    }, t));
    if (result.status !== "done") {
      onStatus(result.status || "queued", "");
      result = await followOrPoll(result.url, t, lang, onStatus);
    }
  } catch (error) {
    throw error instanceof ApiError ? error : new ApiError(t("request_failed", { message: String(error) }));
  }
  return result;
}

/**
 * Wire the Run and Submit buttons. options: {challenge, t, lang, getCode, results, runButton,
 * submitButton, getView() (the editor's EditorView, if any), onStart(kind) (a new result is on
 * its way: clear what shows the last one), onResult(result, kind)}. Returns {run(), submit(),
 * markLine(line) (mark a line of the editor as where the code failed; null clears it)}.
 */
export function mountGrading(options) {
  const { challenge, t, lang, results } = options;
  const buttons = [options.runButton, options.submitButton].filter(Boolean);
  const tolerance = { rtol: Number(challenge.rtol ?? 1e-5), atol: Number(challenge.atol ?? 1e-6) };
  let busy = false;

  function showStatus(status, extra = "", text = t(status)) {
    results.replaceChildren(
      el("p", { class: `status status-${status}`, dataset: { testid: "status", status } },
        el("span", { class: "spinner", "aria-hidden": "true" }), text, extra ? ` ${extra}` : ""),
    );
  }

  function showLogin() {
    const link = challenge.login_url
      ? [" ", el("a", { href: challenge.login_url }, t("log_in"))] : [];
    results.replaceChildren(el("p", { class: "error", role: "alert" }, t("login_required"), link));
  }

  function showError(message) {
    results.replaceChildren(el("p", { class: "error", role: "alert" }, message));
  }

  async function grade(kind) {
    if (busy) return;
    if (challenge.logged_in === false) {
      showLogin();
      return;
    }
    busy = true;
    buttons.forEach((b) => (b.disabled = true));
    results.setAttribute("aria-busy", "true");
    markLine(null);
    options.onStart?.(kind);
    showStatus("sending", "", t(kind === "runs" ? "running_examples" : "submitting"));
    try {
      // A preview runs the draft (challenge.run_version, "draft"); the learner page the published.
      const result = await requestResult({
        challenge, kind, t, lang, onStatus: showStatus,
        body: { code: options.getCode(), version: kind === "runs" ? challenge.run_version : undefined },
      });
      renderResult(result, kind);
      options.onResult?.(result, kind);
      // Other parts of the page (the next step, the review) follow results by this event.
      document.dispatchEvent(new CustomEvent("arena:result", { detail: { result, kind } }));
    } catch (error) {
      showError(error instanceof ApiError ? error.message : t("request_failed", { message: String(error) }));
    } finally {
      busy = false;
      buttons.forEach((b) => (b.disabled = false));
      results.removeAttribute("aria-busy");
    }
  }

  /** Mark `line` in the editor (null clears the mark); the module loads with the editor. */
  function markLine(line) {
    const view = options.getView?.();
    if (!view) return;
    import("./error-line.js").then(({ clearErrorLine, markErrorLine }) => {
      if (line) markErrorLine(view, line);
      else clearErrorLine(view);
    });
  }

  function renderResult(result, kind) {
    const verdict = result.verdict || "internal_error";
    const tests = result.tests || [];
    // The code did not compile: no example ran, so no card is drawn.
    const cards = verdict === "compilation_error" ? []
      : (result.rows || []).map((row) => renderTest(row, row.count || 1));
    const located = tests.find((test) => !test.hidden && (test.traceback || test.line) && (test.error_type || result.message));
    results.replaceChildren();
    append(results, [
      kind === "runs" ? runSummary(result.summary) : verdictLine(result, verdict),
      result.withheld_until
        ? el("p", { class: "feedback-withheld", role: "note", dataset: { testid: "feedback-withheld" } },
          t("feedback_after_due", { time: formatInstant(result.withheld_until) || result.withheld_until }))
        : null,
      result.diagnosis
        ? el("p", { class: "diagnosis", dataset: { testid: "diagnosis" } },
          el("strong", {}, `${t("named_bug")}: `), result.diagnosis)
        : null,
      result.message ? el("p", { class: "result-message" }, result.message) : null,
      result.message && located ? errorDetail(located) : null,
      result.output
        ? el("details", { class: "printed", open: true }, el("summary", {}, t("printed")), el("pre", { tabindex: "0" }, result.output))
        : null,
      cards.length ? el("ol", { class: "test-results" }, cards) : null,
      kind === "submissions" && Number.isInteger(result.id)
        ? el("p", { class: "submission-link" }, el("a", { href: `/submissions/${result.id}` }, t("view_submission")))
        : null,
    ]);
    if (located?.line) markLine(located.line);
  }

  function verdictLine(result, verdict) {
    const summary = Number.isFinite(result.total) && result.total > 0
      ? t("tests_passed", { passed: result.passed, total: result.total }) : "";
    return el("div", { class: `verdict verdict-${verdict}`, dataset: { testid: "verdict", verdict } },
      el("span", { class: "verdict-mark", "aria-hidden": "true" }, verdict === "accepted" ? "✓" : "✗"),
      el("strong", {}, t(verdict)), summary ? ` · ${summary}` : "");
  }

  /** What a Run's public examples say, in the server's words: never a verdict. */
  function runSummary(summary) {
    if (!summary) return null;
    return el("p", { class: `run-summary run-summary-${summary.state}`, role: "status", dataset: { testid: "run-summary", state: summary.state } }, summary.text);
  }

  function renderTest(test, count) {
    const passed = Boolean(test.passed);
    // The message names the error type already ("IndexError: ...", "raised IndexError").
    const name = count > 1 ? t("hidden_group", { count }) : test.name || "";
    return el("li", {
      class: `test-result ${passed ? "passed" : "failed"}`,
      dataset: { testid: "test-result", passed: String(passed), hidden: String(Boolean(test.hidden)), count: String(count) },
    },
      el("div", { class: "test-head" },
        el("span", { class: "test-mark", "aria-hidden": "true" }, passed ? "✓" : "✗"),
        el("span", { class: "test-name" }, name),
        el("span", { class: "test-kind" }, t(test.hidden ? "hidden" : "public")),
        el("span", { class: "test-outcome" }, t(passed ? "passed" : "failed"))),
      test.message ? el("p", { class: "test-message" }, test.message) : null,
      !test.hidden && test.error_type && test.traceback ? errorDetail(test) : null,
      test.hidden ? null : publicDetail(test, passed),
    );
  }

  /** A public error's own traceback (the learner's frames only), as text. */
  function errorDetail(test) {
    const where = test.line ? t("error_at_line", { line: test.line }) : "";
    if (!test.traceback) return el("p", { class: "error-line-note" }, where);
    return el("details", { class: "traceback", open: true },
      el("summary", {}, t("traceback"), where ? ` · ${where}` : ""),
      el("pre", { tabindex: "0", dataset: { testid: "traceback" } }, test.traceback));
  }

  function publicDetail(test, passed) {
    if (!("expected" in test) && !("got" in test) && !("input" in test)) return null;
    const found = passed || !("got" in test) ? [] : differences(test.expected, test.got, tolerance);
    const marked = new Set(found.map((d) => pathText(d.path)));
    // A difference of shape is already told by the server's message; list values only.
    const diffs = found.filter((d) => !d.shape);
    const list = el("dl", { class: "test-detail" },
      "input" in test ? [el("dt", {}, t("input")), el("dd", {}, el("pre", { class: "value" }, callRepr(challenge.entry_point, test.input)))] : null,
      "expected" in test ? [el("dt", {}, t("expected")), el("dd", {}, valueView(test.expected))] : null,
      "got" in test && !test.error_type ? [el("dt", {}, t("got")), el("dd", {}, valueView(test.got, marked))] : null);
    if (!diffs.length) return list;
    const shown = diffs.slice(0, MAX_DIFFS_LISTED)
      .map((d) => `${pathText(d.path)}: ${t("expected")} ${pyRepr(d.expected)}, ${t("got")} ${pyRepr(d.got)}`);
    if (diffs.length > MAX_DIFFS_LISTED) shown.push(t("and_more", { n: diffs.length - MAX_DIFFS_LISTED }));
    return el("div", {}, list, el("p", { class: "differs" }, el("strong", {}, `${t("differs_at")}: `), shown.join("; ")));
  }

  return { run: () => grade("runs"), submit: () => grade("submissions"), markLine };
}
