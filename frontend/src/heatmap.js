// The interactive attention heatmap of the lesson: an editable example (tokens, Q, K, V), a
// causal-mask switch, a sharpness slider, and a grid whose rows can be chosen to show where
// that token looks and what it passes on. The arithmetic lives in attention.js.
import { attention, visible } from "./attention.js";
import { el, formatNumber, formatVector } from "./dom.js";
import { createGrid } from "./grid.js";

const MAX_TOKENS = 8;
let counter = 0;

/** Read and check a container's data-example; null when it is missing or malformed. */
export function parseExample(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const { tokens, Q, K, V } = data || {};
  const n = Array.isArray(tokens) ? tokens.length : 0;
  const ok = (m) => Array.isArray(m) && m.length === n && m.every((r) => Array.isArray(r) && r.length > 0);
  if (!n || !ok(Q) || !ok(K) || !ok(V)) return null;
  const d = Q[0].length;
  if (![...Q, ...K].every((r) => r.length === d) || !V.every((r) => r.length === V[0].length)) return null;
  const numbers = (m) => m.map((r) => r.map(Number));
  return { tokens: tokens.map(String), Q: numbers(Q), K: numbers(K), V: numbers(V) };
}

/** Sharpness from the slider's value: the slider moves on a log2 scale from ×0.25 to ×4. */
export function sharpnessOf(sliderValue) {
  return 2 ** Number(sliderValue);
}

/** Turn a container into the lesson's heatmap. */
export function mountLessonHeatmap(container, t) {
  const original = parseExample(container.dataset.example || "");
  if (!original) return null;
  const id = `heatmap-${(counter += 1)}`;
  const state = { ...structuredClone(original), causal: false, slider: 0, selected: null };

  const causal = el("input", { type: "checkbox", id: `${id}-causal`, dataset: { action: "causal" } });
  const slider = el("input", {
    type: "range", id: `${id}-sharpness`, min: "-2", max: "2", step: "0.1", value: "0",
    dataset: { action: "sharpness" }, "aria-describedby": `${id}-sharpness-value`,
  });
  const sharpnessOut = el("output", { id: `${id}-sharpness-value`, for: slider.id });
  const rowOutput = el("p", { class: "row-output", dataset: { role: "row-output" }, "aria-live": "polite" });
  const gridHolder = el("div", { class: "grid-scroll" });
  const editor = el("div", { class: "example-editor" });

  container.classList.add("heatmap", "heatmap-lesson");
  container.replaceChildren(
    el("div", { class: "heatmap-controls" },
      el("div", { class: "control" }, causal, el("label", { for: causal.id }, t("causal"))),
      el("div", { class: "control" },
        el("label", { for: slider.id }, t("sharpness")), slider, sharpnessOut)),
    gridHolder,
    rowOutput,
    el("details", { class: "heatmap-edit" }, el("summary", {}, t("edit_example")), editor),
  );

  let grid = null;
  const select = (i) => {
    state.selected = i;
    draw();
  };

  function draw() {
    const n = state.tokens.length;
    if (!grid || grid.rows !== n) {
      grid = { rows: n, ...createGrid(n, n, { t, interactive: true, onSelect: select, showOutput: true, showSum: true }) };
      gridHolder.replaceChildren(grid.table);
      if (state.selected !== null && state.selected >= n) state.selected = null;
    }
    const sharp = sharpnessOf(state.slider);
    const options = { causal: state.causal, temperature: 1 / sharp };
    const { weights: W, output: out } = attention(state.Q, state.K, state.V, options);
    grid.update({
      W, outputs: out, rowLabels: state.tokens, colLabels: state.tokens, selected: state.selected,
      visible: (i, j) => visible(i, j, options), caption: t("caption"),
    });
    const valueText = t("sharpness_value", { s: formatNumber(sharp, 2), t: formatNumber(1 / sharp, 2) });
    sharpnessOut.textContent = valueText;
    slider.setAttribute("aria-valuetext", valueText);
    rowOutput.textContent = state.selected === null ? t("select_row") : describeRow(state.selected, W, out);
  }

  function describeRow(i, W, out) {
    const terms = W[i]
      .map((w, j) => (visible(i, j, { causal: state.causal }) ? `${w.toFixed(2)} × ${formatVector(state.V[j])}` : null))
      .filter(Boolean);
    return t("row_output", {
      token: state.tokens[i], weights: `[${W[i].map((w) => w.toFixed(2)).join(", ")}]`,
      mix: terms.join(" + "), out: formatVector(out[i]),
    });
  }

  function buildEditor() {
    editor.replaceChildren(el("div", { class: "grid-scroll" }, exampleTable(state, t, id, draw)), el("div", { class: "button-row" },
      el("button", { type: "button", disabled: state.tokens.length >= MAX_TOKENS, on: { click: addToken } }, t("add_token")),
      el("button", { type: "button", disabled: state.tokens.length <= 1, on: { click: removeToken } }, t("remove_token")),
      el("button", { type: "button", on: { click: reset } }, t("reset_example"))));
  }

  function addToken() {
    const zeros = (m) => new Array(m[0].length).fill(0);
    state.tokens.push(t("token_n", { n: state.tokens.length + 1 }));
    state.Q.push(zeros(state.Q));
    state.K.push(zeros(state.K));
    state.V.push(zeros(state.V));
    buildEditor();
    draw();
  }

  function removeToken() {
    for (const key of ["tokens", "Q", "K", "V"]) state[key].pop();
    buildEditor();
    draw();
  }

  function reset() {
    Object.assign(state, structuredClone(original));
    buildEditor();
    draw();
  }

  causal.addEventListener("change", () => {
    state.causal = causal.checked;
    draw();
  });
  slider.addEventListener("input", () => {
    state.slider = Number(slider.value);
    draw();
  });
  buildEditor();
  draw();
  return { state, draw };
}

/** The editable table of the example: one row per token, inputs for its name, Q, K and V. */
function exampleTable(state, t, id, onChange) {
  const head = el("tr", {}, el("th", { scope: "col" }, t("token")),
    ["Q", "K", "V"].map((m) => el("th", { scope: "col" }, m)));
  const rows = state.tokens.map((_, i) => {
    const name = el("input", {
      type: "text", value: state.tokens[i], size: "8", maxlength: "16",
      "aria-label": t("token_n", { n: i + 1 }), dataset: { field: "token" },
    });
    name.addEventListener("input", () => {
      state.tokens[i] = name.value || t("token_n", { n: i + 1 });
      onChange();
    });
    const vector = (matrix) => el("td", { class: "vector" }, state[matrix][i].map((value, c) =>
      numberInput(value, t("vector_entry", { matrix, token: state.tokens[i], c: c + 1 }), t, (x) => {
        state[matrix][i][c] = x;
        onChange();
      })));
    return el("tr", {}, el("td", {}, name), vector("Q"), vector("K"), vector("V"));
  });
  return el("table", { class: "example-table", id: `${id}-example` }, el("thead", {}, head), el("tbody", {}, rows));
}

function numberInput(value, label, t, onValid) {
  const input = el("input", { type: "text", inputmode: "decimal", value: String(value), size: "4", "aria-label": label });
  input.addEventListener("input", () => {
    const text = input.value.trim();
    const x = Number(text);
    const valid = text !== "" && Number.isFinite(x) && Math.abs(x) <= 1e6;
    if (valid) input.removeAttribute("aria-invalid");
    else input.setAttribute("aria-invalid", "true");
    input.title = valid ? "" : t("bad_number");
    if (valid) onValid(x);
  });
  return input;
}
