// The JSON API as a page calls it: the session cookie, the page's CSRF token on every change,
// and the API's error shape ({"error": {"code", "message", ...}}) read from any failure.

export function csrfToken() {
  const meta = document.querySelector('meta[name="csrf-token"]');
  return meta ? meta.getAttribute("content") : "";
}

/** Read a response's JSON; a body that is not JSON gives {error: {message: status text}}. */
export async function readBody(response) {
  try {
    return await response.json();
  } catch {
    return { error: { code: String(response.status), message: `${response.status} ${response.statusText}`.trim() } };
  }
}

/**
 * A new Idempotency-Key for one logical request (a click): 128 random bits in hex.
 * (crypto.randomUUID needs a secure context; a team server may be plain HTTP.)
 */
export function newIdempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A refused request: `status` is 0 when the server could not be reached; `error` its body's. */
export class RequestError extends Error {
  constructor(status, error = {}) {
    super(error.message || error.code || String(status));
    this.status = status;
    this.error = error;
  }
}

/** Send `json` (if any) to `url`; resolve to the answer's body, or throw a RequestError. */
export async function call(url, { method = "GET", json } = {}) {
  const headers = { Accept: "application/json" };
  if (method !== "GET") headers["X-CSRFToken"] = csrfToken();
  if (json !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(url, {
      method, headers, credentials: "same-origin", body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch {
    throw new RequestError(0);
  }
  const body = await readBody(response);
  if (!response.ok) throw new RequestError(response.status, body.error || {});
  return body;
}
