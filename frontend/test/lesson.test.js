// The lesson cells' comparison and what a finished run says first (frontend/src/lesson.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { sameOutput, verdictOf } from "../src/lesson.js";

const t = (key, values = {}) => `${key}${values.error ? `:${values.error}` : ""}`;

test("outputs compare without trailing whitespace and trailing blank lines", () => {
  assert.ok(sameOutput("a  \nb\n\n", "a\nb"));
  assert.ok(!sameOutput("a\n\nb", "a\nb"));
  assert.ok(!sameOutput(" a", "a"));
});

test("a run says first whether it failed, hit a limit, raised, matched or differed", () => {
  assert.deepEqual(verdictOf({ failed: true }, t), { kind: "failed", text: "cell_failed" });
  assert.deepEqual(verdictOf({ limit: "time" }, t), { kind: "limit", text: "cell_limit_time" });
  assert.deepEqual(verdictOf({ error_type: "ValueError" }, t), { kind: "error", text: "cell_error:ValueError" });
  assert.equal(verdictOf({ matches: true }, t).kind, "matches");
  assert.equal(verdictOf({ matches: false }, t).kind, "differs");
});
