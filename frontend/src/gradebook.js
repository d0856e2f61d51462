// The gradebook (table[data-testid=gradebook] on a course's page): sort by clicking a column
// header (student, a challenge's verdict, the total solved) and filter the rows (a name, and
// a standing on one challenge or any). The server renders the whole table; this module only
// reorders and hides its rows, reading each row's data-student, data-total and its cells'
// data-challenge, data-verdict and data-late.

/** How good a cell is: accepted on time 3, accepted late 2, any other verdict 1, nothing 0. */
export function rank(cell) {
  if (!cell || !cell.verdict) return 0;
  if (cell.verdict === "accepted") return cell.late ? 2 : 3;
  return 1;
}

/**
 * Compare two rows ({student, total, cells: {slug: {verdict, late}}}) by `key`: "student",
 * "total" or "challenge:<slug>"; `descending` reverses it. Ties go by name, A to Z.
 */
export function compareRows(a, b, key, descending = false) {
  const byName = a.student < b.student ? -1 : a.student > b.student ? 1 : 0;
  let order = 0;
  if (key === "total") order = a.total - b.total;
  else if (key.startsWith("challenge:")) {
    const slug = key.slice("challenge:".length);
    order = rank(a.cells[slug]) - rank(b.cells[slug]);
  } else order = byName;
  if (descending) order = -order;
  return order || byName;
}

/** Whether a cell has the standing `status`: "", solved, unsolved, late, none, or a verdict. */
export function hasStanding(cell, status) {
  const verdict = (cell && cell.verdict) || "";
  switch (status) {
    case "": return true;
    case "solved": return verdict === "accepted";
    case "unsolved": return verdict !== "accepted";
    case "late": return Boolean(cell && cell.late);
    case "none": return verdict === "";
    default: return verdict === status;
  }
}

/**
 * Whether a row passes the filters {student, challenge, status}: its name contains `student`
 * (any case) and its cell of `challenge` has the standing `status` (no challenge: any cell).
 */
export function rowMatches(row, { student = "", challenge = "", status = "" } = {}) {
  if (student && !row.student.toLowerCase().includes(student.trim().toLowerCase())) return false;
  if (!status) return true;
  if (challenge) return hasStanding(row.cells[challenge], status);
  return Object.values(row.cells).some((cell) => hasStanding(cell, status));
}

/** Read a body row of the table into {node, student, total, cells}. */
function readRow(tr) {
  const cells = {};
  for (const td of tr.querySelectorAll("td[data-challenge]")) {
    cells[td.dataset.challenge] = { verdict: td.dataset.verdict || "", late: td.dataset.late === "true" };
  }
  return { node: tr, student: tr.dataset.student || "", total: Number(tr.dataset.total) || 0, cells };
}

const FIRST_DESCENDING = new Set(["total"]); // the most solved first; a challenge: best first

/**
 * Make the table sortable and filterable (`tools`: the filter controls, shown by this module).
 * Returns {replaceBody(tbody)}: after a regrade, the new rows, sorted and filtered the same way.
 */
export function mountGradebook(table, tools, t) {
  const state = { key: "student", descending: false, filters: { student: "", challenge: "", status: "" } };
  let rows = [...table.tBodies[0]?.rows || []].map(readRow);
  const headers = [...table.querySelectorAll("thead th[data-sort]")];
  const count = tools?.querySelector('[data-role="gradebook-count"]');

  const keyOf = (th) => (th.dataset.sort === "challenge" ? `challenge:${th.dataset.challenge}` : th.dataset.sort);

  function apply() {
    const body = table.tBodies[0];
    if (!body) return;
    const sorted = [...rows].sort((a, b) => compareRows(a, b, state.key, state.descending));
    let shown = 0;
    for (const row of sorted) {
      row.node.hidden = !rowMatches(row, state.filters);
      if (!row.node.hidden) shown += 1;
    }
    body.append(...sorted.map((row) => row.node));
    for (const th of headers) {
      if (keyOf(th) === state.key) th.setAttribute("aria-sort", state.descending ? "descending" : "ascending");
      else th.removeAttribute("aria-sort");
    }
    if (count) count.textContent = t("students_shown", { shown, total: rows.length });
  }

  for (const th of headers) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "sort-button";
    button.append(...th.childNodes);
    th.append(button);
    button.addEventListener("click", () => {
      const key = keyOf(th);
      if (state.key === key) state.descending = !state.descending;
      else {
        state.key = key;
        state.descending = FIRST_DESCENDING.has(key) || key.startsWith("challenge:");
      }
      apply();
    });
  }

  if (tools) {
    for (const control of tools.querySelectorAll("[data-filter]")) {
      control.addEventListener("input", () => {
        state.filters[control.dataset.filter] = control.value;
        apply();
      });
      state.filters[control.dataset.filter] = control.value; // kept by the browser on reload
    }
    tools.hidden = false;
  }
  apply();

  return {
    replaceBody(tbody) {
      table.tBodies[0].replaceWith(tbody);
      rows = [...tbody.rows].map(readRow);
      apply();
    },
  };
}
