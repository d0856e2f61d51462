// The challenge page around the editor: "Your submissions" follows each finished Submit (the
// `arena:result` event of grading.js) without a reload, and on a phone the statement, the code
// and the results are tabs (an ARIA tablist: arrow keys, Home and End move between them).
import { el } from "./dom.js";
import { formatInstant } from "./times.js";

/**
 * Put each submission that finishes on this page at the top of the history table.
 * The section carries the URLs of a submission's page and of the editor opening it, with
 * "{id}" in place of its id (the server's routes, not rebuilt here).
 */
export function mountHistory(section, t, lang) {
  const table = section.querySelector("table");
  const body = table?.querySelector("tbody");
  const empty = section.querySelector("[data-empty]");
  if (!body) return;
  const { pageUrl, editorUrl } = section.dataset;
  document.addEventListener("arena:result", ({ detail }) => {
    const result = detail?.result;
    if (detail?.kind !== "submissions" || !result?.id) return;
    body.querySelector(`tr[data-submission-id="${Number(result.id)}"]`)?.remove();
    const verdict = result.verdict || result.status;
    const when = result.created_at || new Date().toISOString();
    const row = el("tr", { dataset: { submissionId: String(result.id) }, class: "fresh" },
      el("td", {}, el("a", { href: pageUrl.replace("{id}", result.id) }, String(result.id))),
      el("td", {}, el("time", { datetime: when }, formatInstant(when, "short", { locale: lang }) ?? when)),
      el("td", { class: `verdict-${verdict}` }, t(verdict)),
      el("td", {}, result.withheld_until ? t("tests_after_due") : `${result.passed ?? 0}/${result.total ?? 0}`),
      el("td", {}, el("a", { href: editorUrl.replace("{id}", result.id), dataset: { action: "open-in-editor" } },
        t("open_in_editor"))));
    body.prepend(row);
    table.hidden = false;
    if (empty) empty.hidden = true;
  });
}

/**
 * On narrow screens (`query`), show one of the page's panels at a time under a tablist; on
 * wide ones, all of them and no tabs. Returns {select(name)}: select("results") shows the
 * results (on a phone) when a Run or a Submit ends.
 */
export function mountTabs(tablist, query = "(max-width: 700px)") {
  const tabs = [...tablist.querySelectorAll('[role="tab"]')];
  const panels = tabs.map((tab) => document.getElementById(tab.getAttribute("aria-controls")));
  if (!tabs.length || panels.some((panel) => !panel)) return { select() {} };
  const narrow = window.matchMedia(query);
  let current = 0;

  const show = () => {
    tabs.forEach((tab, i) => {
      const on = i === current;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
      const panel = panels[i];
      if (narrow.matches) {
        panel.setAttribute("role", "tabpanel");
        panel.setAttribute("aria-labelledby", tab.id);
        panel.hidden = !on;
      } else {
        panel.removeAttribute("role");
        panel.removeAttribute("aria-labelledby");
        panel.hidden = false;
      }
    });
    tablist.hidden = !narrow.matches;
  };
  const choose = (i, focus = false) => {
    current = (i + tabs.length) % tabs.length;
    show();
    if (focus) tabs[current].focus();
  };

  tabs.forEach((tab, i) => {
    tab.addEventListener("click", () => choose(i));
    tab.addEventListener("keydown", (event) => {
      const moves = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 };
      if (!(event.key in moves)) return;
      event.preventDefault();
      choose(moves[event.key], true);
    });
  });
  narrow.addEventListener("change", show);
  show();
  return {
    select(name) {
      const i = tabs.findIndex((tab) => tab.dataset.tab === name);
      if (i >= 0 && narrow.matches) choose(i);
    },
  };
}
