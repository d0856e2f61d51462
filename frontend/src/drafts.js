// The challenge page's draft: the learner's code is saved on the server (PUT .../draft, a
// second after the last edit, and at once with fetch's keepalive when the page is hidden or
// left), so that it follows them to another device. A local copy in localStorage keeps what
// the server has not acknowledged yet (offline, a closed tab); it is keyed by the learner's id
// (visitors have a key of their own), and logging out clears every copy (`forgetDrafts`, and
// the server's Clear-Site-Data header), so the next account on a shared computer sees none.
//
// Which one the editor starts from: a submission asked for by ?submission=<id>; else the local
// copy if it holds edits the server never acknowledged and the server's draft is not newer
// than the one those edits started from (another device's save wins); else the server's draft.
import { csrfToken } from "./api.js";

const PREFIX = "arena:draft:";
const LOCAL_MS = 250;
const SERVER_MS = 1000;

/** localStorage, or null where it is unavailable (private mode, disabled storage). */
function storage() {
  try {
    const s = window.localStorage;
    s.getItem("arena:probe");
    return s;
  } catch {
    return null;
  }
}

/** Remove every draft this browser keeps (at logout). */
export function forgetDrafts() {
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
}

function read(store, key) {
  try {
    const value = JSON.parse(store?.getItem(key) ?? "null");
    return value && typeof value.code === "string" ? value : null;
  } catch {
    return null;
  }
}

function write(store, key, value) {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or refused storage only costs the local copy.
  }
}

const time = (iso) => (iso ? Date.parse(iso) : NaN);

/**
 * Keep the draft of `slug` for `owner` (a user id; null for a visitor, who has a local copy
 * only). `server`: {code, updated_at} as the page embedded it; `opened`: {id, code} of a
 * submission to start from; `url`: the draft's API URL.
 * Returns {start(starter) -> {code, notice, vars}, changed(code), flush()}.
 */
export function keepDrafts({ slug, owner, server, opened, url }) {
  const store = storage();
  const key = `${PREFIX}${owner ?? "visitor"}:${slug}`;
  const visitorKey = `${PREFIX}visitor:${slug}`;
  // A copy kept by slug alone (before drafts were per learner) is nobody's for sure: dropped.
  store?.removeItem(PREFIX + slug);
  let base = server?.updated_at || null; // the server's draft that the edits started from
  let pending = null; // code the server has not acknowledged
  let localTimer = null;
  let serverTimer = null;
  let sending = false;

  const remember = (code, synced) => write(store, key, { code, base, synced });

  async function send(keepalive = false) {
    clearTimeout(serverTimer);
    if (owner == null || pending === null || !pending.trim() || (sending && !keepalive)) return;
    const code = pending;
    sending = true;
    try {
      const response = await fetch(url, {
        method: "PUT", credentials: "same-origin", keepalive,
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify({ code }),
      });
      if (!response.ok) return;
      const body = await response.json();
      base = body.updated_at;
      if (pending === code) {
        pending = null;
        clearTimeout(localTimer);
        remember(code, true);
      }
    } catch {
      // Offline or refused: the local copy keeps the edits; the next edit or leaving tries again.
    } finally {
      sending = false;
      if (pending !== null && pending !== code && !keepalive) serverTimer = setTimeout(send, SERVER_MS);
    }
  }

  return {
    start(starter) {
      if (opened) return { code: opened.code, notice: "submission_opened", vars: { id: opened.id } };
      const local = read(store, key);
      const serverTime = time(server?.updated_at);
      if (local && !local.synced && local.code !== server?.code
          && (Number.isNaN(serverTime) || serverTime <= time(local.base))) {
        base = local.base;
        if (local.code === starter) return { code: starter };
        pending = local.code;
        serverTimer = setTimeout(send, 0);
        return { code: local.code, notice: "draft_restored_local" };
      }
      if (server?.code != null) {
        remember(server.code, true);
        return server.code === starter ? { code: starter } : { code: server.code, notice: "draft_restored_server" };
      }
      // A visitor's copy becomes the learner's once they log in (theirs has no draft yet).
      const visitor = owner != null ? read(store, visitorKey) : null;
      if (visitor && visitor.code !== starter) {
        store?.removeItem(visitorKey);
        pending = visitor.code;
        remember(visitor.code, false);
        serverTimer = setTimeout(send, 0);
        return { code: visitor.code, notice: "draft_restored_local" };
      }
      return { code: starter };
    },
    changed(code) {
      pending = code;
      clearTimeout(localTimer);
      localTimer = setTimeout(() => remember(code, false), LOCAL_MS);
      clearTimeout(serverTimer);
      serverTimer = setTimeout(send, SERVER_MS);
    },
    /** Save now (the page is being hidden or left): the local copy, then the server's. */
    flush() {
      if (pending === null) return;
      clearTimeout(localTimer);
      remember(pending, false);
      send(true);
    },
  };
}
