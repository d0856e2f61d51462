// Entry point: find the page's elements and wire the modules. The editor (CodeMirror) and the
// math (KaTeX) are loaded as separate chunks, only on the pages that have them.
//
// On a challenge page the editor comes first: it is what makes the page usable, and a first
// visit spends most of its time compiling and running code on a single main thread. The math
// (KaTeX typesetting the statement, then laying it out again with its fonts) and the heatmap
// wait until the editor is mounted and the browser has had a frame to show it.
import { mountChallengeHeatmap } from "./compare.js";
import { mountConsole } from "./console.js";
import { mountCourse } from "./course.js";
import { el, focusableWhileScrolling, readJson } from "./dom.js";
import { forgetDrafts, keepDrafts } from "./drafts.js";
import { mountGrading } from "./grading.js";
import { mountLessonHeatmap } from "./heatmap.js";
import { mountHints } from "./hints.js";
import { mountNextStep } from "./next-step.js";
import { translator } from "./i18n.js";
import { mountLessonCells } from "./lesson.js";
import { mountReview } from "./review.js";
import { localizeTimes, mountOffsets } from "./times.js";
import { mountHistory, mountTabs } from "./workspace.js";

function mountMath() {
  if (!document.querySelector(".statement, .lesson, [data-math]")) return;
  import("./math.js").then(({ renderMath }) => renderMath());
}

/** Run `task` once the browser has painted what is on the page now (a frame, then a task). */
function afterPaint(task) {
  requestAnimationFrame(() => setTimeout(task, 0));
}

/** The page's words, in the reader's language (rendered by the server into every page). */
function pageTranslator() {
  return translator(readJson("interface-messages") || {});
}

function mountLessonHeatmaps() {
  const t = pageTranslator();
  for (const container of document.querySelectorAll('[data-testid="heatmap"][data-example]')) {
    mountLessonHeatmap(container, t);
  }
}

function mountHintList(t) {
  const list = document.getElementById("hints");
  const button = document.querySelector('[data-action="next-hint"]');
  if (list && button) mountHints(list, button, t("no_more_hints"));
}

/** Mount the editor and the Run and Submit buttons, then (`later`) the rest of the page. */
async function mountChallenge(host, later) {
  const data = readJson("challenge-data") || {};
  const lang = host.dataset.lang || data.lang || document.documentElement.lang;
  const t = pageTranslator();
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
  if (!textarea || !results) {
    later();
    return;
  }
  const editorModule = import("./editor.js");
  const tablist = document.querySelector('.challenge-layout [role="tablist"]');
  const tabs = tablist ? mountTabs(tablist) : { select() {} };
  const history = document.querySelector("section.history[data-page-url]");
  if (history) mountHistory(history, t, lang);
  // A preview of an author's draft keeps no learner's draft: it would reappear on the learner
  // page. Visitors (owner null) keep a local copy only.
  const drafts = challenge.run_version || !("owner" in data) ? null : keepDrafts({
    slug: challenge.slug, owner: data.owner, server: data.draft, opened: data.opened,
    url: `/api/v1/challenges/${encodeURIComponent(challenge.slug)}/draft`,
  });

  let editor = null;
  let compare = null;
  let lastResult = null; // a run that ended before the heatmap was there is shown when it is
  const getCode = () => (editor ? editor.getCode() : textarea.value);
  const grading = mountGrading({
    challenge, t, lang, getCode, results, runButton, submitButton,
    getView: () => editor?.view,
    onStart: () => {
      lastResult = null; // the last result's heatmap is not this code's: hide it until the next
      compare?.showResult(null);
    },
    onResult: (result) => {
      lastResult = result;
      compare?.showResult(result);
      tabs.select("results");
    },
  });

  const consoleHost = document.querySelector("[data-console]");
  if (consoleHost) {
    mountConsole(consoleHost, {
      challenge, t, lang, getCode, onStart: () => grading.markLine(null), onError: grading.markLine,
    });
  }

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

  try {
    const { mountEditor } = await editorModule;
    const start = drafts ? drafts.start(textarea.defaultValue) : { code: textarea.value };
    editor = mountEditor(host, textarea, {
      initial: start.code,
      label: t("editor_label"),
      helpId: help.id,
      nonce: document.querySelector('meta[name="csp-nonce"]')?.getAttribute("content") || "",
      onRun: grading.run,
      onNotice: (key) => (notice.textContent = t(key)),
      onChange: (code) => drafts?.changed(code),
    });
    if (start.notice) notice.textContent = t(start.notice, start.vars);
    if (drafts) {
      // Leaving or hiding the page saves at once what the wait would have saved.
      addEventListener("pagehide", drafts.flush);
      document.addEventListener("visibilitychange", () => document.hidden && drafts.flush());
    }
    host.dataset.ready = "true";
    // For browser tests and the curious: window.arena.editor.setCode("...") / getCode().
    window.arena = { ...(window.arena || {}), editor };
  } finally {
    // Without the editor (its chunk failed to load) the textarea still works, and so does the rest.
    afterPaint(() => {
      if (data.attention && heatmapHost) {
        compare = mountChallengeHeatmap(heatmapHost, challenge, t);
        if (lastResult) compare.showResult(lastResult);
      }
      later();
    });
  }
}

/** Times in the reader's zone; the course pages' forms and gradebook (course.js). */
function mountCourses(t) {
  localizeTimes();
  for (const form of document.querySelectorAll("form")) {
    if (form.querySelector("input[data-offset-for]")) mountOffsets(form, t);
  }
  mountCourse(t);
}

function start() {
  // Logging out forgets this browser's drafts (the server's answer says so too).
  document.querySelector('[data-action="logout"]')?.form?.addEventListener("submit", forgetDrafts);
  mountCourses(pageTranslator());
  const rest = () => {
    mountMath();
    mountLessonHeatmaps();
    mountLessonCells(pageTranslator());
    focusableWhileScrolling(document.querySelectorAll(".table-scroll"));
  };
  mountHintList(pageTranslator());
  mountNextStep(pageTranslator(), document.documentElement.lang);
  mountReview(document.querySelector('[data-testid="review"]'), pageTranslator());
  const host = document.getElementById("editor");
  if (host) mountChallenge(host, rest);
  else rest();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
