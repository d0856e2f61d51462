// One heatmap table: rows are the tokens that look, columns the tokens looked at. Each cell
// carries its weight in data-weight and a colour strength in the CSS variable --w.
import { el, formatNumber, formatVector } from "./dom.js";

/** The colour strength at or above which a cell's text turns white (keeps contrast >= 4.5). */
const DARK_FROM = 0.7;

/**
 * Build an empty grid of `rows` x `cols` and return {table, update}.
 * options: {t, kind: "weights"|"difference", interactive, onSelect(i), showOutput, showSum}
 * Call update({rowLabels, colLabels, W, visible(i, j), outputs, selected, scale, flag(i, j)}).
 */
export function createGrid(rows, cols, options) {
  const { t, kind = "weights", interactive = false, showOutput = false, showSum = false } = options;
  const colHeads = [];
  const rowHeads = [];
  const cells = [];
  const outCells = [];
  const sumCells = [];

  const headRow = el("tr", {}, el("th", { scope: "col", class: "corner" }, t("looks_at")));
  for (let j = 0; j < cols; j += 1) {
    const th = el("th", { scope: "col" });
    colHeads.push(th);
    headRow.append(th);
  }
  if (showOutput) headRow.append(el("th", { scope: "col", class: "extra" }, t("output")));
  if (showSum) headRow.append(el("th", { scope: "col", class: "extra" }, t("sum")));

  const body = el("tbody");
  for (let i = 0; i < rows; i += 1) {
    const label = interactive
      ? el("button", {
          type: "button",
          class: "row-button",
          "aria-pressed": "false",
          dataset: { row: String(i) },
          on: {
            click: () => options.onSelect(i),
            keydown: (event) => moveBetweenRows(event, i, rows, rowHeads, options.onSelect),
          },
        })
      : el("span");
    rowHeads.push(label);
    const tr = el("tr", { dataset: { rowIndex: String(i) } }, el("th", { scope: "row" }, label));
    cells.push([]);
    for (let j = 0; j < cols; j += 1) {
      const td = el("td", { class: "cell" });
      cells[i].push(td);
      tr.append(td);
    }
    if (showOutput) tr.append((outCells[i] = el("td", { class: "extra out" })));
    if (showSum) tr.append((sumCells[i] = el("td", { class: "extra sum" })));
    body.append(tr);
  }

  const caption = el("caption");
  const table = el(
    "table",
    { class: `heatmap-grid ${kind}`, dataset: { grid: options.name || kind } },
    caption,
    el("thead", {}, headRow),
    body,
  );

  function update(view) {
    const { W, rowLabels, colLabels, selected = null, visible = () => true } = view;
    const scale = view.scale || 1;
    let anyMasked = false;
    colLabels.forEach((label, j) => (colHeads[j].textContent = label));
    rowLabels.forEach((label, i) => {
      rowHeads[i].textContent = label;
      if (interactive) rowHeads[i].setAttribute("aria-pressed", String(i === selected));
      body.rows[i].classList.toggle("selected", i === selected);
    });
    table.classList.toggle("has-selection", selected !== null);
    for (let i = 0; i < rows; i += 1) {
      for (let j = 0; j < cols; j += 1) {
        const shown = visible(i, j);
        anyMasked ||= !shown;
        const flagged = view.flag ? view.flag(i, j) : false;
        const spoken = paintCell(cells[i][j], W[i][j], shown, scale, t, flagged);
        cells[i][j].setAttribute("aria-label", `${rowLabels[i]} → ${colLabels[j]}: ${spoken}`);
      }
      if (showOutput && view.outputs) outCells[i].textContent = formatVector(view.outputs[i]);
      if (showSum) sumCells[i].textContent = W[i].reduce((a, b) => a + b, 0).toFixed(2);
    }
    caption.replaceChildren(view.caption || "");
    if (anyMasked) caption.append(el("span", { class: "caption-note" }, t("caption_masked")));
  }

  return { table, update, rowButtons: rowHeads };
}

function paintCell(td, value, shown, scale, t, flagged) {
  const number = Number(value);
  const strength = shown && Number.isFinite(number) ? Math.min(1, Math.abs(number) / scale) : 0;
  td.classList.toggle("masked", !shown);
  td.classList.toggle("dark", strength >= DARK_FROM);
  td.classList.toggle("flagged", Boolean(flagged));
  td.style.setProperty("--w", strength.toFixed(3));
  td.dataset.weight = shown ? formatNumber(number, 4) : "0";
  td.textContent = shown ? (Number.isFinite(number) ? number.toFixed(2) : formatNumber(number)) : "–";
  td.title = shown ? formatNumber(number, 4) : t("masked");
  return shown ? formatNumber(number, 4) : t("masked");
}

function moveBetweenRows(event, i, rows, buttons, onSelect) {
  const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
  if (!step) return;
  const next = i + step;
  if (next < 0 || next >= rows) return;
  event.preventDefault();
  buttons[next].focus();
  onSelect(next);
}
