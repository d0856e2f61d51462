// Bundle the browser code with esbuild. Every file's name carries a hash of its content, so the
// server can let browsers keep it for a year (`immutable`): a new build means new names.
//   frontend/src/app.js  -> platform/arena/web/static/dist/app-HASH.js (+ chunks/, ESM, minified, maps)
//   frontend/src/app.css -> platform/arena/web/static/dist/app-HASH.css (every page's styles)
//   frontend/src/math.css -> platform/arena/web/static/dist/math-HASH.css (KaTeX's, loaded by math.js)
//   frontend/src/author.js, author.css -> dist/author-HASH.js, .css (the challenge editor's page)
//   frontend/src/api-docs.js, api-docs.css -> dist/api-docs-HASH.js, .css (Swagger UI, /api/v1/docs)
//   KaTeX's fonts        -> platform/arena/web/static/dist/fonts/NAME-HASH.woff2 (served by us: CSP font-src 'self')
//   manifest.json        -> the hashed name of each entry and chunk, by its source file's name:
//                           the templates link them by it; written last (`make` checks its date)
// Usage: node frontend/build.mjs [--watch]
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import * as esbuild from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "platform", "arena", "web", "static", "dist");
const watch = process.argv.includes("--watch");

// Chunks whose functions nearly all run as soon as they load. V8's explicit compile hint (a
// magic comment opening the file) has Chromium compile them while the file streams in, on a
// background thread, instead of one function at a time on the main thread when first called:
// on a first visit that is most of the editor's start-up. Other browsers ignore the comment.
const EAGER = ["editor.js"];
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

// @codemirror/commands makes an Intl.Segmenter as it loads, for moving by sub-word through
// Chinese, Japanese or Korean text. On a first visit, making one costs ~10 ms of ICU set-up
// before the editor can mount, and most visits never move by sub-word: make it on first use.
const EAGER_SEGMENTER = 'new (Intl.Segmenter)(undefined, { granularity: "word" })';
const LAZY_SEGMENTER = `{ segment(text) {
  this.real = this.real || ${EAGER_SEGMENTER};
  return this.real.segment(text);
} }`;
const lazySegmenter = {
  name: "lazy-segmenter",
  setup(build) {
    build.onLoad({ filter: /[\\/]@codemirror[\\/]commands[\\/]dist[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes(EAGER_SEGMENTER)) {
        return { contents: source, warnings: [{ text: "lazy-segmenter: no eager Intl.Segmenter found to defer" }] };
      }
      return { contents: source.replace(EAGER_SEGMENTER, LAZY_SEGMENTER) };
    });
  },
};

const shared = {
  absWorkingDir: root,
  bundle: true,
  minify: !watch,
  sourcemap: true,
  outdir,
  logLevel: "info",
  metafile: true,
  write: false, // the plugin below writes the files, then the manifest
  entryNames: "[name]-[hash]",
};

const scripts = {
  ...shared,
  // author.js: the challenge editor's page only (instructors), beside app.js, which every page has;
  // api-docs.js: the API's docs page only (Swagger UI is most of the bundle's size).
  entryPoints: { app: "frontend/src/app.js", author: "frontend/src/author.js", "api-docs": "frontend/src/api-docs.js" },
  format: "esm",
  splitting: true, // the editor and KaTeX load as chunks, only where a page needs them
  target: ["es2020"],
  chunkNames: "chunks/[name]-[hash]",
  plugins: [lazySegmenter],
};

const styles = {
  ...shared,
  entryPoints: {
    app: "frontend/src/app.css", author: "frontend/src/author.css", math: "frontend/src/math.css",
    "api-docs": "frontend/src/api-docs.css",
  },
  // KaTeX's CSS names its fonts by relative url(); the file loader copies each one it names.
  loader: { ".woff2": "file", ".woff": "file", ".ttf": "file" },
  assetNames: "fonts/[name]-[hash]",
};

/**
 * {"app.css": "app-HASH.css", "app.js": "app-HASH.js", "editor.js": "chunks/editor-HASH.js",
 * "math.css": "math-HASH.css", "math.js": "chunks/math-HASH.js"}: each entry and chunk by the
 * name of the source file it comes from, relative to dist/.
 */
function manifest(...metafiles) {
  const found = {};
  for (const metafile of metafiles) {
    for (const [file, info] of Object.entries(metafile.outputs)) {
      const ext = path.extname(file);
      if (ext !== ".js" && ext !== ".css") continue;
      const source = info.entryPoint
        || Object.keys(info.inputs).find((input) => input.startsWith("frontend/src/") && input.endsWith(ext));
      if (!source) continue;
      found[path.basename(source)] = path.relative(outdir, path.join(root, file)).split(path.sep).join("/");
    }
  }
  return Object.fromEntries(Object.entries(found).sort());
}

/**
 * Write a build's files, the EAGER chunks with the compile hint in front (and their source
 * maps one line further down to match). A chunk's hash is esbuild's, of the file without the
 * hint; the hint is always the same line, so the name still changes whenever the code does.
 */
async function writeOutputs(result, names) {
  const eager = new Set(EAGER.filter((name) => names[name]).map((name) => path.join(outdir, names[name])));
  await Promise.all(result.outputFiles.map(async (file) => {
    let contents = file.contents;
    if (eager.has(file.path)) {
      contents = COMPILE_HINT + file.text;
    } else if (eager.has(file.path.replace(/\.map$/, ""))) {
      const map = JSON.parse(file.text);
      contents = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
    }
    await mkdir(path.dirname(file.path), { recursive: true });
    await writeFile(file.path, contents);
  }));
}

// Both builds end in writeOutputs; the manifest is written once both have (again after every
// rebuild when watching: each one brings new names).
const latest = {};
const output = (kind) => ({
  name: "output",
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length || !result.metafile) return;
      await writeOutputs(result, manifest(result.metafile));
      latest[kind] = result.metafile;
      if (latest.scripts && latest.styles) {
        const names = manifest(latest.scripts, latest.styles);
        await writeFile(path.join(outdir, "manifest.json"), `${JSON.stringify(names, null, 2)}\n`);
      }
    });
  },
});

await rm(outdir, { recursive: true, force: true });
const configs = [
  { ...scripts, plugins: [...scripts.plugins, output("scripts")] },
  { ...styles, plugins: [output("styles")] },
];
if (watch) {
  for (const config of configs) await (await esbuild.context(config)).watch();
} else {
  await Promise.all(configs.map((config) => esbuild.build(config)));
}
