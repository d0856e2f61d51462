// Unit tests of the pure helpers behind the results, the heatmap and the translations.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { findTest } from "../src/compare.js";
import { formatNumber, formatVector } from "../src/dom.js";
import { parseExample, sharpnessOf } from "../src/heatmap.js";
import { translator } from "../src/i18n.js";
import { asNumber, callRepr, differences, pathText, pyRepr } from "../src/values.js";

describe("differences", () => {
  it("finds nothing within tolerance", () => {
    assert.deepEqual(differences([[1, 2]], [[1 + 1e-9, 2]]), []);
  });

  it("lists the entries that differ, with their paths", () => {
    const found = differences([[0.4, 0.2], [0.5, 0.5]], [[0.4, 0.3], [0.5, 0.1]]);
    assert.deepEqual(found.map((d) => pathText(d.path)), ["[0][1]", "[1][1]"]);
  });

  it("reports a difference of shape once, for the whole value", () => {
    const [only, ...rest] = differences([[1, 2]], [[1, 2], [3, 4]]);
    assert.equal(rest.length, 0);
    assert.equal(only.shape, true);
    assert.deepEqual(only.path, []);
  });

  it("understands NaN and infinities spelled out", () => {
    assert.equal(asNumber("nan"), NaN);
    assert.equal(asNumber("-inf"), -Infinity);
    assert.deepEqual(differences(["nan"], ["nan"]), []);
    assert.equal(differences([1], ["nan"]).length, 1);
    assert.equal(differences([1], [null]).length, 1);
  });

  it("uses the given tolerances", () => {
    assert.equal(differences([100], [100.5], { rtol: 1e-2, atol: 0 }).length, 0);
    assert.equal(differences([100], [100.5], { rtol: 1e-5, atol: 0 }).length, 1);
  });
});

describe("Python-looking text", () => {
  it("writes values as Python would", () => {
    assert.equal(pyRepr([[1, 0.5], [true, null]]), "[[1, 0.5], [True, None]]");
    assert.equal(pyRepr("a<b>"), '"a<b>"');
    assert.equal(pyRepr("inf"), "float('inf')");
  });

  it("writes calls with positional and keyword arguments", () => {
    assert.equal(callRepr("f", { args: [[1, 2]], kwargs: { causal: true } }), "f([1, 2], causal=True)");
    assert.equal(callRepr("f", [1, 2]), "[1, 2]");
  });
});

describe("numbers", () => {
  it("trims and spells out", () => {
    assert.equal(formatNumber(0.40111), "0.4011");
    assert.equal(formatNumber(-0.00001, 2), "0");
    assert.equal(formatNumber(NaN), "nan");
    assert.equal(formatVector([6.0167, 3.9833]), "[6.02, 3.98]");
  });
});

describe("heatmap helpers", () => {
  it("reads a valid example and refuses a broken one", () => {
    const ok = parseExample('{"tokens": ["a", "b"], "Q": [[1, 0], [0, 1]], "K": [[1, 0], [0, 1]], "V": [[1], [2]]}');
    assert.deepEqual(ok.tokens, ["a", "b"]);
    assert.equal(parseExample('{"tokens": ["a"], "Q": [[1, 0]], "K": [[1]], "V": [[1]]}'), null);
    assert.equal(parseExample("not json"), null);
  });

  it("maps the slider to a sharpness from x0.25 to x4", () => {
    assert.equal(sharpnessOf(-2), 0.25);
    assert.equal(sharpnessOf(0), 1);
    assert.equal(sharpnessOf(2), 4);
  });

  it("finds a run's result for an example by name, then by position", () => {
    const result = { tests: [{ name: "x", hidden: true }, { name: "a" }, { name: "b" }] };
    assert.equal(findTest(result, { name: "b" }, 0).name, "b");
    assert.equal(findTest(result, { name: "zzz" }, 0).name, "a");
    assert.equal(findTest({ tests: [] }, { name: "a" }, 0), null);
  });
});

describe("translator", () => {
  it("says the page's words, filling placeholders", () => {
    const t = translator({ tests_passed: "{passed} of {total} tests passed" });
    assert.equal(t("tests_passed", { passed: 1, total: 3 }), "1 of 3 tests passed");
    assert.equal(t("tests_passed", { passed: 1 }), "1 of {total} tests passed");
  });

  it("answers a key the page did not send with the key itself", () => {
    assert.equal(translator({})("no such key"), "no such key");
    assert.equal(translator()("accepted"), "accepted");
  });
});
