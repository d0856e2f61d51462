// Times in the reader's zone. The server stores and renders instants in UTC:
// <time datetime="2026-12-01T14:59:00Z" data-local="long">2026-12-01 14:59 UTC</time>; this
// module rewrites the text with Intl.DateTimeFormat in the browser's zone and language (the
// UTC text stays in the title). Forms with datetime-local inputs get, beside each one, a
// hidden "<name>_offset" input (data-offset-for="<name>"): the minutes east of UTC of the
// browser's zone at the time typed, which the server reads the local time with (without a
// script it stays empty, and the server reads UTC).

const STYLES = {
  // "Dec 1, 2026, 11:59 PM GMT+9": due dates and other times that stand alone
  long: { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  // "Dec 1, 11:59 PM": a gradebook cell, next to a caption that says the zone
  short: { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
};

/** Format an ISO 8601 instant in `timeZone` (default: the browser's), or null if not one. */
export function formatInstant(iso, style = "long", { locale, timeZone } = {}) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const options = { ...(STYLES[style] || STYLES.long), ...(timeZone ? { timeZone } : {}) };
  try {
    return new Intl.DateTimeFormat(locale, options).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(date); // an unknown language tag
  }
}

/**
 * Minutes east of UTC of the browser's zone at a datetime-local value ("2026-12-01T09:00"),
 * read as a local time: +540 in Seoul, -300 in New York in winter and -240 in summer. Null for
 * an empty or invalid value.
 */
export function offsetAt(localValue) {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(localValue || "")) return null;
  const date = new Date(localValue); // without an offset, a date-time is read as local time
  return Number.isNaN(date.getTime()) ? null : -date.getTimezoneOffset();
}

/** The browser's zone by name ("Asia/Seoul"), or "" when it does not say. */
export function zoneName() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch {
    return "";
  }
}

/** Rewrite the times under `root`: time[data-local], and every time of a gradebook (short). */
export function localizeTimes(root = document, locale = document.documentElement.lang) {
  const found = [...root.querySelectorAll("time[data-local]"),
    ...root.querySelectorAll('[data-testid="gradebook"] time')];
  if (root instanceof Element && root.matches('[data-testid="gradebook"]')) {
    found.push(...root.querySelectorAll("time"));
  }
  for (const node of found) {
    const text = formatInstant(node.getAttribute("datetime"), node.dataset.local || "short", { locale });
    if (text === null) continue;
    if (!node.title) node.title = node.textContent.trim();
    node.textContent = text;
  }
}

/** The datetime-local value ("2026-12-01T09:00") of an ISO 8601 instant in the browser's zone, or null. */
export function localValue(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const two = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/**
 * Keep each form's hidden offset inputs in step with their datetime-local inputs. An input the
 * server filled with a UTC time (data-utc: the instant) first shows that instant in the
 * browser's zone.
 */
export function mountOffsets(form, t) {
  const pairs = [...form.querySelectorAll("input[data-offset-for]")]
    .map((hidden) => [hidden, form.elements.namedItem(hidden.dataset.offsetFor)])
    .filter(([, input]) => input instanceof HTMLInputElement);
  if (!pairs.length) return;
  for (const [, input] of pairs) {
    const local = input.dataset.utc ? localValue(input.dataset.utc) : null;
    if (local !== null) input.value = local;
  }
  const fill = () => {
    for (const [hidden, input] of pairs) {
      const offset = offsetAt(input.value);
      hidden.value = offset === null ? "" : String(offset);
    }
  };
  for (const [, input] of pairs) input.addEventListener("input", fill);
  form.addEventListener("submit", fill);
  fill();
  const note = form.querySelector('[data-role="zone-note"]');
  const zone = zoneName();
  if (note) note.textContent = zone ? t("times_in_zone", { zone }) : t("times_in_local_zone");
}
