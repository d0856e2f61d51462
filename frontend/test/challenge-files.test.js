// Unit tests of the authoring page's files mapping: the form's values to challenge.toml and back.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

import { parse } from "smol-toml";

import { challengeFiles, challengeToml, lines, readChallenge } from "../src/challenge-files.js";

const FIELDS = {
  slug: "row-max", entry_point: "row_max", difficulty: "easy", track: "foundations",
  title_en: "Row max", title_ko: "행 최댓값", order: "3", tags: "max, rows,", time_limit: "",
  memory_mb: "256", rtol: "1e-5", atol: "", properties: ["finite"],
  hints_en: "Use max.\n\n  Per row. ", hints_ko: "", statement_en: "# Row max\n", statement_ko: "",
};
const CODE = { "starter.py": "s", "reference.py": "r", "cases.py": "c" };
// smol-toml's tables have no prototype: compare them as plain data.
const toml = (source) => JSON.parse(JSON.stringify(parse(source)));

describe("challengeToml", () => {
  it("writes the form's values, leaving out what is empty", () => {
    const meta = toml(challengeToml({ fields: FIELDS, mutants: [], languages: ["ko"] }));
    assert.deepEqual(meta, {
      slug: "row-max", entry_point: "row_max", difficulty: "easy", track: "foundations",
      order: 3, memory_mb: 256, rtol: 1e-5, tags: ["max", "rows"], properties: ["finite"],
      title: { en: "Row max", ko: "행 최댓값" }, hints: { en: ["Use max.", "Per row."] },
    });
  });

  it("writes one table per mutant and keeps the keys the form does not edit", () => {
    const mutants = [{ name: "first_row", source: "x", en: "Only row 0.", ko: "" }];
    const meta = toml(challengeToml({ fields: FIELDS, mutants, rest: { weights_probe: { with: "output" } },
      languages: ["ko"] }));
    assert.deepEqual(meta.mutants, { first_row: { en: "Only row 0." } });
    assert.deepEqual(meta.weights_probe, { with: "output" });
  });
});

describe("challengeFiles", () => {
  it("names every file the API takes; an empty Korean statement is left out", () => {
    const mutants = [{ name: "first_row", source: "def row_max(m): ...", en: "e", ko: "k" }];
    const files = challengeFiles({ fields: FIELDS, code: CODE, mutants, languages: ["ko"] });
    assert.deepEqual(Object.keys(files).sort(), ["cases.py", "challenge.toml",
      "mutants/first_row.py", "reference.py", "starter.py", "statement.en.md"]);
    assert.equal(files["mutants/first_row.py"], "def row_max(m): ...");
  });
});

describe("editorials", () => {
  it("reads each language's editorial and writes back the ones written", () => {
    const files = { "challenge.toml": 'title = { en = "Row max" }\n', "statement.en.md": "# Row max\n",
      "statement.ko.md": "# 행 최댓값\n", "editorial.en.md": "## Approach\n\nmax.\n\n## Cost\n\nO(n).\n" };
    const challenge = readChallenge(files, ["ko"]);
    assert.equal(challenge.fields.editorial_en, files["editorial.en.md"]);
    assert.equal(challenge.fields.editorial_ko, "");
    const again = challengeFiles({ ...challenge, code: CODE });
    assert.equal(again["editorial.en.md"], files["editorial.en.md"]);
    assert.equal(again["editorial.ko.md"], undefined);
    challenge.fields.editorial_ko = "## 접근\n\n최댓값.\n\n## 비용\n\nO(n).\n";
    assert.equal(challengeFiles({ ...challenge, code: CODE })["editorial.ko.md"], challenge.fields.editorial_ko);
  });
});

describe("readChallenge", () => {
  it("reads a repository challenge and writes it back to the same data", () => {
    const folder = new URL("../../challenges/softmax/", import.meta.url);
    const read = (name) => readFileSync(new URL(name, folder), "utf8");
    const files = { "challenge.toml": read("challenge.toml"), "statement.en.md": read("statement.en.md"),
      "statement.ko.md": read("statement.ko.md"), ...Object.fromEntries(
        ["starter.py", "reference.py", "cases.py"].map((name) => [name, read(name)])),
      "mutants/divides_by_count.py": read("mutants/divides_by_count.py") };
    const challenge = readChallenge(files, ["ko"]);
    assert.equal(challenge.fields.title_ko, "소프트맥스");
    assert.ok(challenge.mutants.some((m) => m.name === "no_max_subtraction" && m.source === ""));
    const again = challengeFiles(challenge);
    assert.deepEqual(parse(again["challenge.toml"]), parse(files["challenge.toml"]));
    assert.equal(again["statement.ko.md"], files["statement.ko.md"]);
    assert.equal(again["mutants/divides_by_count.py"], files["mutants/divides_by_count.py"]);
  });

  it("reads and writes every language the form has, a third one as the second", () => {
    const files = { "challenge.toml": 'title = { en = "Row max", ko = "행 최댓값", eo = "Vica maksimumo" }\n'
      + 'hints = { en = ["Use max."], eo = ["Uzu max."] }\n'
      + '[mutants.first_row]\nen = "Only row 0."\neo = "Nur vico 0."\n',
    "statement.en.md": "# Row max\n", "statement.eo.md": "# Vica maksimumo\n" };
    const challenge = readChallenge(files, ["ko", "eo"]);
    assert.equal(challenge.fields.title_eo, "Vica maksimumo");
    assert.equal(challenge.fields.hints_ko, "");
    assert.equal(challenge.mutants[0].eo, "Nur vico 0.");
    const again = challengeFiles(challenge);
    assert.equal(again["statement.eo.md"], "# Vica maksimumo\n");
    assert.equal(again["editorial.en.md"], undefined); // optional: none was written
    assert.equal(again["statement.ko.md"], undefined);
    const { title, hints, mutants } = toml(again["challenge.toml"]);
    assert.deepEqual({ title, hints, mutants }, toml(files["challenge.toml"]));
  });

  it("keeps only the lines that hold something", () => {
    assert.deepEqual(lines(" a \n\n b"), ["a", "b"]);
  });
});
