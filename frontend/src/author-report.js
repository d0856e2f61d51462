// What the authoring page reports: problems in the files (from a save or a validation), the
// validation's progress and its strength table (one row per mutant), and the versions.
import { el } from "./dom.js";

/** A problem as a list item: "file: line 3: message" (the file left out where it is shown). */
export function problemItem(problem, t, withFile = true) {
  const where = [withFile ? problem.file : null, Number.isInteger(problem.line) ? t("line_n", { line: problem.line }) : null]
    .filter(Boolean).join(": ");
  return el("li", { class: "problem", dataset: { file: problem.file || "", line: problem.line ?? "" } },
    where ? el("strong", {}, `${where}: `) : null, problem.message);
}

function yesNo(value, t) {
  if (value === null || value === undefined) return "—";
  return value ? t("yes") : t("no");
}

function mutantRow(mutant, t) {
  const killed = Boolean(mutant.killed);
  return el("tr", { dataset: { mutant: mutant.name, killed: String(killed), named: String(Boolean(mutant.named)) } },
    el("th", { scope: "row" }, el("code", {}, mutant.name)),
    el("td", { class: killed ? "good" : "bad" }, killed ? t("mutant_caught") : t("mutant_survived")),
    el("td", { class: mutant.named ? "good" : "bad" }, yesNo(mutant.named, t)),
    el("td", {}, mutant.diagnosis || t("nothing_named")));
}

/** Show a validation ({status, valid, problems, mutants, progress}) in its `section`. */
export function showValidation(section, validation, t) {
  section.hidden = false;
  const { done = 0, total = 0 } = validation.progress || {};
  const progress = section.querySelector("progress");
  progress.max = Math.max(total, 1);
  progress.value = done;
  section.querySelector('[data-role="count"]').textContent = t("checked_of", { done, total });
  section.querySelector("tbody").replaceChildren(...(validation.mutants || []).map((m) => mutantRow(m, t)));
  const problems = section.querySelector(".problems");
  problems.replaceChildren(...(validation.problems || []).map((p) => problemItem(p, t)));
  problems.hidden = !problems.childElementCount;
  const running = validation.status === "running";
  section.setAttribute("aria-busy", String(running));
  section.dataset.status = validation.status;
  section.dataset.valid = String(validation.valid);
}

function when(iso, lang) {
  return iso ? el("time", { datetime: iso }, new Date(iso).toLocaleString(lang)) : "—";
}

/**
 * Fill the versions table of `section` ({version, status, created_at, published_at, valid}
 * each); a version published before and since replaced gets a button to publish it again.
 */
export function showVersions(section, versions, { t, lang, onRollback }) {
  section.hidden = versions.length === 0;
  section.querySelector("tbody").replaceChildren(...versions.map((v) => el("tr", { dataset: { version: v.version, status: v.status } },
    el("th", { scope: "row" }, String(v.version)),
    el("td", {}, t(`version_${v.status}`)),
    el("td", {}, when(v.created_at, lang)),
    el("td", {}, when(v.published_at, lang)),
    el("td", {}, yesNo(v.valid, t)),
    el("td", {}, v.published_at && v.status !== "published"
      ? el("button", { type: "button", class: "button subtle", on: { click: () => onRollback(v.version) } },
        t("publish_again", { version: v.version }))
      : null))));
}
