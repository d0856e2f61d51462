// Entry point: find the page's elements and wire the modules. The editor (CodeMirror) and the
// math (KaTeX) are loaded as separate chunks, only on the pages that have them.
import { mountChallengeHeatmap } from "./compare.js";
import { el, readJson } from "./dom.js";
import { mountGrading } from "./grading.js";
import { mountLessonHeatmap } from "./heatmap.js";
import { mountHints } from "./hints.js";
import { normalizeMessages, pageLang, translator } from "./i18n.js";

function mountMath() {
  if (!document.querySelector(".statement, .lesson, [data-math]")) return;
  import("./math.js").then(({ renderMath }) => renderMath());
}

function mountLessonHeatmaps() {
  for (const container of document.querySelectorAll('[data-testid="heatmap"][data-example]')) {
    let overrides = {};
    try {
      overrides = JSON.parse(container.dataset.messages || "{}");
    } catch {
      // Bad overrides: the built-in words are used.
    }
    mountLessonHeatmap(container, translator(pageLang(), overrides));
  }
}

function mountHintList(t) {
  const list = document.getElementById("hints");
  const button = document.querySelector('[data-action="next-hint"]');
  if (list && button) mountHints(list, button, t("no_more_hints"));
}

async function mountChallenge(host) {
  const data = readJson("challenge-data") || {};
  const lang = host.dataset.lang || data.lang || pageLang();
  const t = translator(lang, normalizeMessages(data.messages));
  const challenge = {
    ...data,
    slug: host.dataset.slug || data.slug,
    entry_point: host.dataset.entryPoint || data.entry_point,
  };
  const textarea = host.querySelector("textarea");
  const results = document.getElementById("results");
  const runButton = document.querySelector('[data-testid="run-button"]');
  const submitButton = document.querySelector('[data-testid="submit-button"]');
  const resetButton = document.querySelector('[data-action="reset"]');
  const heatmapHost = document.getElementById("challenge-heatmap");
  if (!textarea || !results) return;

  let editor = null;
  const getCode = () => (editor ? editor.getCode() : textarea.value);
  const compare = data.attention && heatmapHost ? mountChallengeHeatmap(heatmapHost, challenge, t) : null;
  const grading = mountGrading({
    challenge, t, lang, getCode, results, runButton, submitButton,
    onResult: (result) => compare?.showResult(result),
  });

  const intercept = (button, action) => button?.addEventListener("click", (event) => {
    event.preventDefault();
    action();
  });
  intercept(runButton, grading.run);
  intercept(submitButton, grading.submit);
  intercept(resetButton, () => (editor ? editor.reset() : (textarea.value = textarea.defaultValue)));

  const help = el("p", { id: "editor-help", class: "editor-help" }, t("editor_help"));
  const notice = el("p", { class: "editor-notice", role: "status" });
  host.after(help, notice);

  const { mountEditor } = await import("./editor.js");
  editor = mountEditor(host, textarea, {
    slug: challenge.slug,
    label: t("editor_label"),
    helpId: help.id,
    nonce: document.querySelector('meta[name="csp-nonce"]')?.getAttribute("content") || "",
    onRun: grading.run,
    onNotice: (key) => (notice.textContent = t(key)),
  });
  host.dataset.ready = "true";
  // For browser tests and the curious: window.arena.editor.setCode("...") / getCode().
  window.arena = { ...(window.arena || {}), editor };
}

function start() {
  const data = readJson("challenge-data") || {};
  mountMath();
  mountLessonHeatmaps();
  mountHintList(translator(data.lang || pageLang(), normalizeMessages(data.messages)));
  const host = document.getElementById("editor");
  if (host) mountChallenge(host);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
