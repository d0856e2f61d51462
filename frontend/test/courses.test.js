// Unit tests of the course pages' pure helpers: the gradebook's order and filters, and times
// in the reader's zone (formatting an instant, and the offset a datetime-local value is sent with).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { compareRows, hasStanding, rank, rowMatches } from "../src/gradebook.js";
import { formatInstant, localValue, offsetAt } from "../src/times.js";

const row = (student, total, cells) => ({ student, total, cells });
const rows = [
  row("sam", 1, { softmax: { verdict: "accepted", late: true }, scores: { verdict: "", late: false } }),
  row("ann", 2, { softmax: { verdict: "accepted", late: false }, scores: { verdict: "accepted", late: false } }),
  row("bo", 0, { softmax: { verdict: "wrong_answer", late: false }, scores: { verdict: "", late: false } }),
  row("cy", 0, { softmax: { verdict: "", late: false }, scores: { verdict: "", late: false } }),
];
const order = (key, descending) => [...rows].sort((a, b) => compareRows(a, b, key, descending)).map((r) => r.student);

describe("the gradebook's order", () => {
  it("ranks accepted on time over late over any other verdict over nothing", () => {
    assert.deepEqual([{ verdict: "accepted" }, { verdict: "accepted", late: true }, { verdict: "runtime_error" },
      { verdict: "" }, undefined].map(rank), [3, 2, 1, 0, 0]);
  });

  it("sorts by name, by a challenge's verdict and by the total, ties by name", () => {
    assert.deepEqual(order("student"), ["ann", "bo", "cy", "sam"]);
    assert.deepEqual(order("student", true), ["sam", "cy", "bo", "ann"]);
    assert.deepEqual(order("challenge:softmax", true), ["ann", "sam", "bo", "cy"]);
    assert.deepEqual(order("challenge:softmax", false), ["cy", "bo", "sam", "ann"]);
    assert.deepEqual(order("total", true), ["ann", "sam", "bo", "cy"]);
  });
});

describe("the gradebook's filters", () => {
  const shown = (filters) => rows.filter((r) => rowMatches(r, filters)).map((r) => r.student);

  it("keeps names containing the text, in any case", () => {
    assert.deepEqual(shown({ student: " A" }), ["sam", "ann"]);
  });

  it("keeps the rows with a standing on one challenge, or on any", () => {
    assert.deepEqual(shown({ challenge: "softmax", status: "unsolved" }), ["bo", "cy"]);
    assert.deepEqual(shown({ challenge: "softmax", status: "late" }), ["sam"]);
    assert.deepEqual(shown({ challenge: "scores", status: "none" }), ["sam", "bo", "cy"]);
    assert.deepEqual(shown({ challenge: "softmax", status: "wrong_answer" }), ["bo"]);
    assert.deepEqual(shown({ status: "solved" }), ["sam", "ann"]);
    assert.deepEqual(shown({ challenge: "softmax" }), ["sam", "ann", "bo", "cy"]);
  });

  it("reads a missing cell as not attempted", () => {
    assert.equal(hasStanding(undefined, "none"), true);
    assert.equal(hasStanding(undefined, "solved"), false);
  });
});

describe("times in the reader's zone", () => {
  it("formats an instant in a zone and a language", () => {
    const seoul = formatInstant("2026-12-01T14:59:00Z", "long", { locale: "en", timeZone: "Asia/Seoul" });
    assert.match(seoul, /Dec 1, 2026/);
    assert.match(seoul, /11:59/);
    assert.match(seoul, /GMT\+9/);
    const short = formatInstant("2026-12-01T14:59:00Z", "short", { locale: "ko", timeZone: "UTC" });
    assert.match(short, /12월 1일/);
    assert.equal(formatInstant("not a time"), null);
  });

  it("gives the offset of the browser's zone at the local time typed", () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = "America/New_York";
      assert.equal(offsetAt("2026-01-15T09:00"), -300);
      assert.equal(offsetAt("2026-07-15T09:00"), -240); // summer time
      process.env.TZ = "Asia/Seoul";
      assert.equal(offsetAt("2026-11-30T09:00"), 540);
      assert.equal(offsetAt(""), null);
      assert.equal(offsetAt("2026-11-30"), null);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("shows an instant the server wrote in UTC as the browser's local time", () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = "Asia/Seoul";
      assert.equal(localValue("2026-11-30T15:30:00+00:00"), "2026-12-01T00:30");
      process.env.TZ = "America/New_York";
      assert.equal(localValue("2026-07-15T13:05:00Z"), "2026-07-15T09:05");
      assert.equal(localValue("not a time"), null);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
