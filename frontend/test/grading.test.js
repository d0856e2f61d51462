// Run and Submit send one Idempotency-Key per click and send the same request again with it
// when no answer came, against a real local HTTP server that loses answers:
// `node --test frontend/test/`.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { after, before, describe, it } from "node:test";

import { postOnce } from "../src/grading.js";

const t = (code, values = {}) => `${code} ${JSON.stringify(values)}`;

// The server follows a plan per request: "drop" reads it and closes the connection without an
// answer, a number answers that status (409 with the in-progress code), "ok" answers 202.
let plan = [];
const seen = [];
const server = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => { body += chunk; });
  request.on("end", () => {
    seen.push({ key: request.headers["idempotency-key"], body });
    const step = plan.shift() ?? "ok";
    if (step === "drop") {
      request.socket.destroy();
      return;
    }
    const status = step === "ok" ? 202 : step;
    const answer = status === 202 ? { id: 7, status: "queued", url: "/api/v1/submissions/7" }
      : { error: { code: status === 409 ? "idempotency_key_in_progress" : "unprocessable", message: "no" } };
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(answer));
  });
});
let url;

before(async () => {
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${server.address().port}/api/v1/challenges/softmax/submissions`;
});
after(() => server.close());

const post = () => postOnce(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"code": "x"}' }, t);

describe("postOnce", () => {
  it("sends a lost request again under the same key until it is answered", async () => {
    plan = ["drop", 503, 409];
    seen.length = 0;
    const { status, body } = await post();
    assert.equal(status, 202);
    assert.equal(body.id, 7);
    assert.equal(seen.length, 4);
    assert.match(seen[0].key, /^[0-9a-f]{32}$/);
    assert.ok(seen.every((request) => request.key === seen[0].key && request.body === seen[0].body));
  });

  it("uses a new key for each click", async () => {
    plan = [];
    seen.length = 0;
    await post();
    await post();
    assert.equal(seen.length, 2);
    assert.notEqual(seen[0].key, seen[1].key);
  });

  it("does not send a refused request again", async () => {
    plan = [422];
    seen.length = 0;
    await assert.rejects(post(), (error) => error.status === 422 && error.code === "unprocessable");
    assert.equal(seen.length, 1);
  });

  it("gives up after its last pause", async () => {
    plan = Array(6).fill(503);
    seen.length = 0;
    await assert.rejects(post(), (error) => error.status === 503);
    assert.equal(seen.length, 6);
    assert.equal(new Set(seen.map((request) => request.key)).size, 1);
  });
});
