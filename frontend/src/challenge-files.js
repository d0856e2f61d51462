// A challenge folder as the authoring page edits it: the metadata form's values, the code and
// the mutants, the optional editorial, turned into the files mapping the API takes (challenge.toml written with
// smol-toml) and back. Pure functions: no page, no network.
import { parse, stringify } from "smol-toml";

export const CODE_FILES = ["starter.py", "reference.py", "cases.py"];
const MUTANT_FILE = /^mutants\/(.+)\.py$/;
// The challenge.toml keys the form edits; any other key (a [weights_probe] table, say) is kept
// as it was loaded.
const FORM_KEYS = ["slug", "entry_point", "difficulty", "track", "order", "tags", "time_limit",
  "memory_mb", "rtol", "atol", "properties", "title", "track_title", "hints", "mutants"];
const NUMBER_KEYS = ["order", "time_limit", "memory_mb", "rtol", "atol"];

/** The lines of a text that hold something, trimmed. */
export function lines(text) {
  return String(text || "").split("\n").map((line) => line.trim()).filter(Boolean);
}

const text = (value) => (value === undefined || value === null ? "" : String(value));
const number = (value) => (text(value).trim() === "" ? undefined : Number(value));
const defined = (object) => Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined));
const written = (value) => (Array.isArray(value) ? value.length > 0 : Boolean(value));
/** A table by language of `textIn(lang)`: English always, another language where written. */
const localized = (languages, textIn) => Object.fromEntries(["en", ...languages]
  .map((lang) => [lang, textIn(lang)]).filter(([lang, value]) => lang === "en" || written(value)));

/**
 * Read the API's files mapping into {fields, code, mutants, rest, languages}: `fields` by the
 * form's input names (strings, `properties` a list), `code` by file name, `mutants` as
 * [{name, source, en, <language>...}], `rest` the other keys of challenge.toml, `languages`
 * the content languages besides English (the form's). A TOML syntax error throws.
 */
export function readChallenge(files, languages = []) {
  const meta = parse(files["challenge.toml"] || "");
  const fields = {
    slug: text(meta.slug), entry_point: text(meta.entry_point),
    difficulty: text(meta.difficulty), track: text(meta.track),
    tags: (meta.tags || []).join(", "), properties: [...(meta.properties || [])],
  };
  for (const lang of ["en", ...languages]) {
    fields[`title_${lang}`] = text(meta.title?.[lang]);
    fields[`track_title_${lang}`] = text(meta.track_title?.[lang]);
    fields[`hints_${lang}`] = (meta.hints?.[lang] || []).join("\n");
    fields[`statement_${lang}`] = text(files[`statement.${lang}.md`]);
    fields[`editorial_${lang}`] = text(files[`editorial.${lang}.md`]);
  }
  for (const key of NUMBER_KEYS) fields[key] = text(meta[key]);
  const explained = meta.mutants || {};
  const names = new Set([...Object.keys(explained),
    ...Object.keys(files).map((file) => MUTANT_FILE.exec(file)?.[1]).filter(Boolean)]);
  const mutants = [...names].sort().map((name) => ({
    name, source: text(files[`mutants/${name}.py`]),
    ...Object.fromEntries(["en", ...languages].map((lang) => [lang, text(explained[name]?.[lang])])),
  }));
  const code = Object.fromEntries(CODE_FILES.map((file) => [file, text(files[file])]));
  const rest = Object.fromEntries(Object.entries(meta).filter(([key]) => !FORM_KEYS.includes(key)));
  return { fields, code, mutants, rest, languages };
}

/** Write challenge.toml: the form's keys first, then whatever else it held, then its tables. */
export function challengeToml({ fields, mutants, rest = {}, languages = [] }) {
  const hints = localized(languages, (lang) => lines(fields[`hints_${lang}`]));
  const trackTitle = localized(languages, (lang) => text(fields[`track_title_${lang}`]).trim());
  const meta = defined({
    slug: fields.slug.trim(),
    entry_point: fields.entry_point.trim(),
    difficulty: fields.difficulty,
    track: fields.track,
    ...Object.fromEntries(NUMBER_KEYS.map((key) => [key, number(fields[key])])),
    tags: String(fields.tags || "").split(",").map((tag) => tag.trim()).filter(Boolean),
    properties: fields.properties || [],
    ...rest,
    title: localized(languages, (lang) => fields[`title_${lang}`].trim()),
    track_title: Object.values(trackTitle).some(written) ? trackTitle : undefined,
    hints: Object.values(hints).some(written) ? hints : undefined,
  });
  if (mutants.length) {
    meta.mutants = Object.fromEntries(mutants.map((m) => [m.name.trim(),
      localized(languages, (lang) => m[lang].trim())]));
  }
  return stringify(meta);
}

/** Return the files mapping of the whole challenge, as POST and PUT take it. */
export function challengeFiles(challenge) {
  const { fields, code, mutants, languages = [] } = challenge;
  const files = { "challenge.toml": challengeToml(challenge), "statement.en.md": fields.statement_en };
  for (const lang of languages) {
    if (fields[`statement_${lang}`].trim()) files[`statement.${lang}.md`] = fields[`statement_${lang}`];
  }
  // The editorial is optional: a file in each language that has one (validation asks for all).
  for (const lang of ["en", ...languages]) {
    if (text(fields[`editorial_${lang}`]).trim()) files[`editorial.${lang}.md`] = fields[`editorial_${lang}`];
  }
  for (const file of CODE_FILES) files[file] = code[file];
  for (const mutant of mutants) files[`mutants/${mutant.name.trim()}.py`] = mutant.source;
  return files;
}
