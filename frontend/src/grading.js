// Run and Submit through the JSON API, with the session cookie and the CSRF token; the status
// (queued, running, done) is shown live by long polling (each read waits on the server for the
// verdict, ?wait=), then the verdict and one row per test.
// Everything from the server is inserted as text.
import { csrfToken, readBody } from "./api.js";
import { append, el } from "./dom.js";
import { callRepr, differences, pathText, pyRepr, valueView } from "./values.js";

const WAIT_S = 2; // each read waits this long on the server for the verdict (it may wait less)
const POLL_MS = 300; // the pause after a read the server answered at once (no place to wait)
const SLOW_POLL_MS = 1000;
const SLOW_AFTER_MS = 30_000;
const GIVE_UP_MS = 300_000;
const MAX_DIFFS_LISTED = 5;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function withParams(url, params) {
  const full = new URL(url, location.origin);
  for (const [name, value] of Object.entries(params)) if (value) full.searchParams.set(name, value);
  return full.pathname + full.search;
}

class ApiError extends Error {}

/**
 * Wire the Run and Submit buttons. options: {challenge, t, lang, getCode, results, runButton,
 * submitButton, onResult(result, kind)}. Returns {run(), submit()}.
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

  async function request(url, init) {
    let response;
    try {
      response = await fetch(url, { credentials: "same-origin", ...init });
    } catch {
      throw new ApiError(t("network_error"));
    }
    const body = await readBody(response);
    if (!response.ok) {
      const message = body && body.error ? body.error.message || body.error.code : response.statusText;
      throw new ApiError(t("request_failed", { message }));
    }
    return { status: response.status, body };
  }

  async function poll(url) {
    const started = Date.now();
    let seen = "";
    for (;;) {
      const waited = Date.now() - started;
      if (waited > GIVE_UP_MS) throw new ApiError(t("gave_up", { url }));
      const asked = Date.now();
      const { body } = await request(withParams(url, { lang, wait: WAIT_S }),
        { headers: { Accept: "application/json" } });
      if (body.status === "done") return body;
      const note = waited > SLOW_AFTER_MS ? t("still_waiting", { seconds: Math.round(waited / 1000) }) : "";
      if (body.status !== seen || note) showStatus(body.status || "queued", note);
      seen = body.status;
      // Answered well before the wait was over without a verdict: no place to wait was free.
      if (Date.now() - asked < (WAIT_S * 1000) / 2) await sleep(waited > SLOW_AFTER_MS ? SLOW_POLL_MS : POLL_MS);
    }
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
    showStatus("sending", "", t(kind === "runs" ? "running_examples" : "submitting"));
    try {
      const url = withParams(`/api/v1/challenges/${encodeURIComponent(challenge.slug)}/${kind}`, { lang });
      const { body } = await request(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
        // A preview runs the draft (challenge.run_version, "draft"); the learner page the published.
        body: JSON.stringify({ code: options.getCode(), version: kind === "runs" ? challenge.run_version : undefined }),
      });
      let result = body;
      if (result.status !== "done") {
        showStatus(result.status || "queued");
        result = await poll(result.url);
      }
      renderResult(result, kind);
      options.onResult?.(result, kind);
    } catch (error) {
      showError(error instanceof ApiError ? error.message : t("request_failed", { message: String(error) }));
    } finally {
      busy = false;
      buttons.forEach((b) => (b.disabled = false));
      results.removeAttribute("aria-busy");
    }
  }

  function renderResult(result, kind) {
    const verdict = result.verdict || "internal_error";
    const summary = Number.isFinite(result.total) && result.total > 0
      ? t("tests_passed", { passed: result.passed, total: result.total }) : "";
    results.replaceChildren();
    append(results, [
      el("div", { class: `verdict verdict-${verdict}`, dataset: { testid: "verdict", verdict } },
        el("span", { class: "verdict-mark", "aria-hidden": "true" }, verdict === "accepted" ? "✓" : "✗"),
        el("strong", {}, t(verdict)), summary ? ` · ${summary}` : ""),
      result.message ? el("p", { class: "result-message" }, result.message) : null,
      result.output
        ? el("details", { class: "printed", open: true }, el("summary", {}, t("printed")), el("pre", { tabindex: "0" }, result.output))
        : null,
      el("ol", { class: "test-results" }, (result.tests || []).map(renderTest)),
      kind === "submissions" && Number.isInteger(result.id)
        ? el("p", { class: "submission-link" }, el("a", { href: `/submissions/${result.id}` }, t("view_submission")))
        : null,
    ]);
  }

  function renderTest(test) {
    const passed = Boolean(test.passed);
    const message = [test.error_type, test.message].filter(Boolean).join(": ");
    return el("li", {
      class: `test-result ${passed ? "passed" : "failed"}`,
      dataset: { testid: "test-result", passed: String(passed), hidden: String(Boolean(test.hidden)) },
    },
      el("div", { class: "test-head" },
        el("span", { class: "test-mark", "aria-hidden": "true" }, passed ? "✓" : "✗"),
        el("span", { class: "test-name" }, test.name || ""),
        el("span", { class: "test-kind" }, t(test.hidden ? "hidden" : "public")),
        el("span", { class: "test-outcome" }, t(passed ? "passed" : "failed"))),
      message ? el("p", { class: "test-message" }, message) : null,
      test.diagnosis
        ? el("p", { class: "diagnosis", dataset: { testid: "diagnosis", mutant: test.mutant || "" } },
          el("strong", {}, `${t("named_bug")}: `), test.diagnosis)
        : null,
      test.hidden ? null : publicDetail(test, passed),
    );
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
      "got" in test ? [el("dt", {}, t("got")), el("dd", {}, valueView(test.got, marked))] : null);
    if (!diffs.length) return list;
    const shown = diffs.slice(0, MAX_DIFFS_LISTED)
      .map((d) => `${pathText(d.path)}: ${t("expected")} ${pyRepr(d.expected)}, ${t("got")} ${pyRepr(d.got)}`);
    if (diffs.length > MAX_DIFFS_LISTED) shown.push(t("and_more", { n: diffs.length - MAX_DIFFS_LISTED }));
    return el("div", {}, list, el("p", { class: "differs" }, el("strong", {}, `${t("differs_at")}: `), shown.join("; ")));
  }

  return { run: () => grade("runs"), submit: () => grade("submissions") };
}
