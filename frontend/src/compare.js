// The heatmap of an attention challenge: the reference's weights on each public example, which
// the server read off the reference with the challenge's weights probe (`example.weights`), and
// after a run the learner's weights beside them, read the same way (a public test's `weights`),
// with the difference. Nothing here knows what an entry point computes. Where the learner's
// weights could not be read, the reference's are drawn alone.
import { compareWeights, isMatrix, unmasked } from "./attention.js";
import { append, el } from "./dom.js";
import { createGrid } from "./grid.js";

/** Find a run's result for a public example: by name, else by position among public tests. */
export function findTest(result, example, index) {
  const publicTests = ((result && result.tests) || []).filter((test) => !test.hidden);
  return publicTests.find((test) => test.name === example.name) || publicTests[index] || null;
}

/** Mount the comparison into `container`; returns {showResult(result)} for the grading code. */
export function mountChallengeHeatmap(container, challenge, t) {
  const rtol = Number(challenge.rtol ?? 1e-5);
  const atol = Number(challenge.atol ?? 1e-6);
  const usable = (challenge.examples || [])
    .map((example, index) => ({ example, index }))
    .filter((item) => isMatrix(item.example.weights));
  if (!usable.length) {
    container.hidden = true;
    return { showResult() {} };
  }
  let chosen = 0;
  let lastResult = null;

  const picker = el("select", { id: "challenge-heatmap-example" },
    usable.map((item, k) => el("option", { value: String(k) }, item.example.name || `${t("example")} ${k + 1}`)));
  picker.addEventListener("change", () => {
    chosen = Number(picker.value);
    draw();
  });
  const note = el("p", { class: "heatmap-note", "aria-live": "polite" });
  const figures = el("div", { class: "heatmap-compare" });
  container.classList.add("heatmap", "heatmap-challenge");
  container.hidden = false;
  container.replaceChildren();
  append(container, [
    usable.length > 1
      ? el("div", { class: "control" }, el("label", { for: picker.id }, t("example")), picker)
      : null,
    note,
    figures,
  ]);

  function figure(name, title, W, options = {}) {
    const n = W.length;
    const m = W[0].length;
    const grid = createGrid(n, m, { t, name, kind: options.kind || "weights" });
    grid.update({
      W, caption: title, scale: options.scale || 1, visible: options.visible, flag: options.flag,
      rowLabels: Array.from({ length: n }, (_, i) => `q${i + 1}`),
      colLabels: Array.from({ length: m }, (_, j) => `k${j + 1}`),
    });
    return el("figure", { class: "heatmap-figure", dataset: { figure: name } },
      el("div", { class: "grid-scroll" }, grid.table));
  }

  function draw() {
    const { example, index } = usable[chosen];
    const reference = example.weights;
    const refFigure = figure("reference", t("reference"), reference, { visible: unmasked(reference) });
    const test = lastResult ? findTest(lastResult, example, index) : null;
    const got = test ? test.weights : null;
    const compared = compareWeights(got, reference, { rtol, atol });
    if (!lastResult) note.textContent = t("run_to_compare");
    else if (!test) note.textContent = t("no_result_for_example");
    else if (got === null || got === undefined) note.textContent = t("weights_unreadable");
    else if (!compared) note.textContent = t("not_drawable");
    else note.textContent = "";
    if (!compared) {
      figures.replaceChildren(refFigure);
      return;
    }
    const { diff, off, scale } = compared;
    figures.replaceChildren(
      figure("yours", t("yours"), got, { flag: off }),
      refFigure,
      figure("difference", t("difference"), diff, { kind: "difference", flag: off, scale }),
    );
  }

  draw();
  return {
    showResult(result) {
      lastResult = result;
      draw();
    },
  };
}
