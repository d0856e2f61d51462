// The challenge editor (/instructor/challenges/new and /instructor/challenges/<slug>) over the
// authoring API. Save sends the files mapping (POST for a new challenge, PUT for its draft);
// Validate saves, asks the sandbox to validate the draft and fills the strength table live;
// Publish is possible only while the saved draft is unchanged and its latest validation is
// done and valid; an earlier published version can be published again. Everything from the
// server is inserted as text.
import { call, RequestError } from "./api.js";
import { mountForm } from "./author-form.js";
import { showValidation, showVersions } from "./author-report.js";
import { challengeFiles, readChallenge } from "./challenge-files.js";
import { readJson } from "./dom.js";
import { translator } from "./i18n.js";

const API = "/api/v1/challenges";
const POLL_MS = 500;
const GIVE_UP_MS = 600_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Return CodeMirror's mountEditor, or null where its chunk cannot load (textareas remain). */
async function loadEditor() {
  try {
    return (await import("./editor.js")).mountEditor;
  } catch {
    return null;
  }
}

async function start(form) {
  const t = translator(readJson("interface-messages") || {});
  const find = (selector) => document.querySelector(selector);
  const buttons = { save: form.querySelector('[data-action="save"]'), validate: find('[data-testid="author-validate"]'),
    publish: find('[data-testid="author-publish"]') };
  const data = readJson("author-data") || {};
  const state = { slug: data.slug || null, draft: null, validation: null, edits: 0, dirty: false, busy: false };
  // Who sees the challenge: radio buttons, absent for a folder's challenge (always public).
  const visibility = form.elements.visibility || null;
  const url = (tail = "") => `${API}/${encodeURIComponent(state.slug)}${tail}`;
  const say = (text) => (find("#author-status").textContent = text);

  const publishable = () => !state.dirty && state.draft !== null && state.validation?.status === "done"
    && state.validation.valid === true && state.validation.version === state.draft;

  function refresh() {
    buttons.save.disabled = buttons.validate.disabled = state.busy;
    buttons.publish.disabled = state.busy || !publishable();
    let note = "publish_needs_validation";
    if (publishable()) note = "publish_ready";
    else if (state.dirty) note = "publish_after_edit";
    else if (state.slug && state.draft === null) note = "nothing_to_publish";
    else if (state.validation?.version === state.draft && state.validation?.valid === false) note = "publish_needs_valid";
    find("#publish-note").textContent = t(note);
  }

  const editor = mountForm(form, {
    t, nonce: find('meta[name="csp-nonce"]')?.getAttribute("content") || "", mountEditor: await loadEditor(),
    onChange: () => {
      state.edits += 1;
      state.dirty = true;
      refresh();
    },
  });

  function failed(error) {
    if (!(error instanceof RequestError)) throw error;
    const { code, problems, message } = error.error;
    if (error.status === 0) say(t("network_error"));
    else if (code === "invalid_challenge") {
      editor.showProblems(problems || []);
      say(t("not_saved"));
    } else if (code === "exists") {
      editor.showProblems([{ file: "challenge.toml", line: null, message }]);
      say(t("slug_taken"));
    } else say(t("request_failed", { message: error.message }));
  }

  async function refreshVersions() {
    const { versions } = await call(url("/versions"));
    showVersions(find("#versions"), versions, {
      t, lang: document.documentElement.lang, onRollback: (version) => busy(() => publish(version)),
    });
  }

  /** The challenge exists now: the page becomes its editor. */
  function opened(slug) {
    state.slug = slug;
    form.elements.slug.readOnly = true;
    find("#author-title").textContent = t("editing", { slug });
    history.replaceState(null, "", `/instructor/challenges/${encodeURIComponent(slug)}`);
    const preview = form.querySelector('[data-action="preview"]');
    preview.href = `/instructor/challenges/${encodeURIComponent(slug)}/preview`;
    preview.hidden = false;
  }

  /** Save the form as the draft; return whether it was saved (the page says why not). */
  async function save() {
    if (!form.reportValidity()) return false;
    const edits = state.edits;
    say(t("saving"));
    let saved;
    try {
      const json = { files: challengeFiles(editor.current()) };
      if (visibility) json.visibility = visibility.value;
      saved = await call(state.slug ? url() : API, { method: state.slug ? "PUT" : "POST", json });
    } catch (error) {
      failed(error);
      return false;
    }
    editor.showProblems([]);
    if (!state.slug) opened(saved.slug);
    state.draft = saved.status === "draft" ? saved.version : null; // the published content: no draft
    state.dirty = state.edits !== edits; // edited while it was being saved
    say(t("saved", { version: saved.version }));
    await refreshVersions();
    return true;
  }

  async function watchValidation(pollUrl) {
    const started = Date.now();
    for (;;) {
      state.validation = await call(pollUrl);
      showValidation(find("#validation"), state.validation, t);
      refresh();
      if (state.validation.status === "done" && state.validation.version === state.draft) break;
      if (Date.now() - started > GIVE_UP_MS) throw new RequestError(408, { message: t("validation_slow") });
      await sleep(POLL_MS);
    }
    say(t(state.validation.valid ? "valid" : "invalid"));
    await refreshVersions(); // the draft's row says whether it is valid now
  }

  async function validate() {
    if ((state.dirty || state.draft === null) && !(await save())) return;
    if (state.draft === null) {
      say(t("nothing_to_publish"));
      return;
    }
    const asked = await call(url("/validate"), { method: "POST" });
    say(t("validating"));
    await watchValidation(asked.url || url("/validation"));
  }

  async function publish(version) {
    say(t("publishing"));
    const published = await call(url("/publish"), { method: "POST", json: version ? { version } : {} });
    if (!version) state.draft = null;
    say(t(version ? "rolled_back" : "published", { version: published.version }));
    await refreshVersions();
  }

  async function load() {
    const loaded = await call(url("/files"));
    state.draft = loaded.status === "draft" ? loaded.version : null;
    editor.fill(readChallenge(loaded.files, editor.languages));
    if (visibility) visibility.value = loaded.visibility;
    form.elements.slug.readOnly = true;
    await refreshVersions();
    try {
      state.validation = await call(url("/validation"));
    } catch (error) {
      if (error.status !== 404) throw error;
    }
    if (state.validation && state.validation.version === state.draft) {
      showValidation(find("#validation"), state.validation, t);
      if (state.validation.status === "running") await watchValidation(url("/validation"));
      else say(t(state.validation.valid ? "valid" : "invalid"));
    }
  }

  /** Run `task` with the buttons disabled; report its failure; return whether it succeeded. */
  async function busy(task) {
    if (state.busy) return false;
    state.busy = true;
    refresh();
    try {
      await task();
      return true;
    } catch (error) {
      failed(error);
      return false;
    } finally {
      state.busy = false;
      refresh();
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    busy(save);
  });
  buttons.validate.addEventListener("click", () => busy(validate));
  buttons.publish.addEventListener("click", () => busy(() => publish()));
  window.addEventListener("beforeunload", (event) => {
    if (state.dirty) event.preventDefault();
  });
  if (!state.slug) editor.fill(readChallenge(data.template || {}, editor.languages));
  else if (!(await busy(load))) {
    state.busy = true; // nothing was loaded, so there is nothing to save: the status line says why
    refresh();
    return;
  }
  state.dirty = false;
  refresh();
  form.dataset.ready = "true";
}

const form = document.getElementById("author-form");
if (form) start(form);
