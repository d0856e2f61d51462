// A lesson's runnable cells: each gets the CodeMirror editor (no drafts: the lesson's code is
// the starting point every time), a Run button that sends the code to the lessons API (the
// sandbox runs it, as a script; a read of the run waits on the server for its output) and shows
// what it printed next to the expected output, and a Reset button. Everything shown comes from
// the server as text: it is never parsed as HTML.
import { RequestError, call } from "./api.js";
import { el } from "./dom.js";

const WAIT_S = 25; // each read of a run waits this long on the server for its output (it may wait less)
const POLL_MS = 400; // the pause after a read the server answered at once (no place to wait)
const GIVE_UP_MS = 120000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Compare as the server does: each line's trailing whitespace and trailing blank lines aside. */
export function sameOutput(printed, expected) {
  const normal = (text) => text.split("\n").map((line) => line.trimEnd()).join("\n").replace(/\n+$/, "");
  return normal(printed) === normal(expected);
}

/** What a finished run says first: it printed the expected output, or what went otherwise. */
export function verdictOf(result, t) {
  if (result.failed) return { kind: "failed", text: t("cell_failed") };
  if (result.limit) return { kind: "limit", text: t(`cell_limit_${result.limit}`) };
  if (result.error_type) return { kind: "error", text: t("cell_error", { error: result.error_type }) };
  if (result.matches) return { kind: "matches", text: t("cell_matches") };
  return { kind: "differs", text: t("cell_differs") };
}

function showResult(output, result, t) {
  const verdict = verdictOf(result, t);
  const stream = (label, text, truncated, role) => (text || truncated ? el("div", { class: `cell-stream cell-${role}` },
    el("p", { class: "cell-label" }, label),
    el("pre", { tabindex: "0", dataset: { role } }, text || ""),
    truncated ? el("p", { class: "cell-truncated" }, t("cell_truncated")) : null) : null);
  output.replaceChildren(
    el("p", { class: `cell-verdict cell-verdict-${verdict.kind}`, dataset: { testid: "cell-verdict", verdict: verdict.kind } },
      el("span", { "aria-hidden": "true" }, verdict.kind === "matches" ? "✓ " : "✗ "), verdict.text),
    stream(t("cell_stdout"), result.stdout, result.stdout_truncated, "stdout"),
    stream(t("cell_stderr"), result.stderr, result.stderr_truncated, "stderr"),
  );
}

async function runCell(slug, cell, code, output, t) {
  output.replaceChildren(el("p", { class: "cell-verdict", dataset: { testid: "cell-verdict", verdict: "running" } }, t("cell_running")));
  let result = await call(`/api/v1/lessons/${encodeURIComponent(slug)}/cells/${encodeURIComponent(cell)}/runs`, {
    method: "POST", json: { code },
  });
  const started = Date.now();
  while (result.status !== "done") {
    if (Date.now() - started > GIVE_UP_MS) throw new RequestError(408, { message: t("cell_slow") });
    const url = new URL(result.url, location.origin);
    url.searchParams.set("wait", WAIT_S);
    const asked = Date.now();
    result = await call(url.pathname + url.search);
    if (result.status !== "done" && Date.now() - asked < POLL_MS) await sleep(POLL_MS);
  }
  showResult(output, result, t);
}

/** Mount every cell of the page's lesson. */
export async function mountLessonCells(t) {
  const article = document.querySelector("article.lesson[data-lesson]");
  const cells = article ? [...article.querySelectorAll('[data-testid="lesson-cell"]')] : [];
  if (!cells.length) return;
  let mountEditor = null;
  try {
    ({ mountEditor } = await import("./editor.js"));
  } catch {
    // Without the editor's chunk the textareas still work.
  }
  const nonce = document.querySelector('meta[name="csp-nonce"]')?.getAttribute("content") || "";
  for (const section of cells) {
    const host = section.querySelector('[data-role="cell-editor"]');
    const textarea = host.querySelector("textarea");
    const output = section.querySelector('[data-testid="cell-output"]');
    const runButton = section.querySelector('[data-testid="cell-run"]');
    let busy = false;
    const run = async () => {
      if (busy) return;
      busy = true;
      runButton.disabled = true;
      output.setAttribute("aria-busy", "true");
      try {
        await runCell(article.dataset.lesson, section.dataset.cell, editor ? editor.getCode() : textarea.value, output, t);
      } catch (error) {
        const message = error instanceof RequestError && error.status === 0 ? t("network_error")
          : t("request_failed", { message: error.message });
        output.replaceChildren(el("p", { class: "error", role: "alert" }, message));
      } finally {
        busy = false;
        runButton.disabled = false;
        output.removeAttribute("aria-busy");
      }
    };
    const editor = mountEditor ? mountEditor(host, textarea, {
      slug: `${article.dataset.lesson}/${section.dataset.cell}`,
      label: textarea.getAttribute("aria-label"), nonce, onRun: run, drafts: false,
    }) : null;
    runButton.addEventListener("click", run);
    section.querySelector('[data-action="cell-reset"]').addEventListener("click", () => {
      if (editor) editor.reset();
      else textarea.value = textarea.defaultValue;
      output.replaceChildren();
    });
    section.dataset.ready = "true";
  }
}
