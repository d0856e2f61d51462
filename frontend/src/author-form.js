// The challenge editor's form: its fields, the statements' previews, the code editors and the
// mutants, read as one challenge ({fields, code, mutants, rest}: challenge-files.js) and
// filled from one; and the problems the API finds, each listed next to the file it names.
import { mountMutants } from "./author-mutants.js";
import { mountPreviews } from "./author-preview.js";
import { problemItem } from "./author-report.js";
import { CODE_FILES } from "./challenge-files.js";

const FIELDS = ["slug", "entry_point", "difficulty", "track", "order", "tags", "time_limit", "memory_mb",
  "rtol", "atol"];
// The fields written in each language: English, then the form's `data-languages`.
const TEXTS = ["title", "track_title", "hints", "statement", "editorial"];

/**
 * options: {t, nonce, mountEditor (null: the textareas stay), onChange()}.
 * Returns {languages, fill(challenge), current(), showProblems(problems)}.
 */
export function mountForm(form, { t, nonce, mountEditor, onChange }) {
  const languages = form.dataset.languages.split(" ").filter(Boolean);
  const names = [...FIELDS, ...["en", ...languages].flatMap((lang) => TEXTS.map((text) => `${text}_${lang}`))];
  const mountCode = (host, text) => {
    const textarea = host.querySelector("textarea");
    textarea.value = textarea.defaultValue = text;
    if (!mountEditor) return { getCode: () => textarea.value };
    return mountEditor(host, textarea, { label: host.dataset.label, helpId: "code-help", nonce, drafts: false, onChange });
  };
  const mutants = mountMutants({ list: form.querySelector("#mutants"), template: document.getElementById("mutant-template"),
    addButton: form.querySelector('[data-action="add-mutant"]'), languages, t, mountCode, onChange });
  const refreshPreviews = mountPreviews(form);
  const boxes = [...form.querySelectorAll('input[name="properties"]')];
  let editors = {};
  let rest = {};
  form.addEventListener("input", onChange);

  function fill(challenge) {
    for (const name of names) form.elements[name].value = challenge.fields[name] ?? "";
    for (const box of boxes) box.checked = challenge.fields.properties.includes(box.value);
    editors = Object.fromEntries(CODE_FILES.map((file) => [file,
      mountCode(form.querySelector(`[data-code="${file}"]`), challenge.code[file])]));
    challenge.mutants.forEach((mutant) => mutants.add(mutant));
    rest = challenge.rest;
    refreshPreviews();
  }

  function current() {
    const fields = Object.fromEntries(names.map((name) => [name, form.elements[name].value]));
    fields.properties = boxes.filter((box) => box.checked).map((box) => box.value);
    const code = Object.fromEntries(CODE_FILES.map((file) => [file, editors[file].getCode()]));
    return { fields, code, mutants: mutants.values(), rest, languages };
  }

  /** List each problem next to the file it names; the others (no file, or none here) below the buttons. */
  function showProblems(problems) {
    const lists = new Map([...form.querySelectorAll("[data-problems-for]")].map((list) => [list.dataset.problemsFor, list]));
    for (const [file, list] of mutants.problemLists()) lists.set(file, list);
    const elsewhere = lists.get("");
    for (const list of lists.values()) list.replaceChildren();
    for (const problem of problems) {
      const list = lists.get(problem.file) || elsewhere;
      list.append(problemItem(problem, t, list === elsewhere));
    }
    for (const list of lists.values()) list.hidden = !list.childElementCount;
  }

  return { languages, fill, current, showProblems };
}
