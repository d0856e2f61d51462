// Bundle the browser code with esbuild:
//   frontend/src/app.js  -> platform/arena/web/static/dist/app.js (+ chunks/, ESM, minified, map)
//   frontend/src/app.css -> platform/arena/web/static/dist/app.css (with KaTeX's CSS)
//   KaTeX's fonts        -> platform/arena/web/static/dist/fonts/ (served by us: CSP font-src 'self')
//   manifest.json        -> which chunk holds the editor and which the math, by their hashed
//                           names, so that a page can <link rel="modulepreload"> them
// Usage: node frontend/build.mjs [--watch]
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import * as esbuild from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "platform", "arena", "web", "static", "dist");
const watch = process.argv.includes("--watch");

const shared = {
  absWorkingDir: root,
  bundle: true,
  minify: !watch,
  sourcemap: true,
  outdir,
  logLevel: "info",
};

const scripts = {
  ...shared,
  entryPoints: { app: "frontend/src/app.js" },
  format: "esm",
  splitting: true, // the editor and KaTeX load as chunks, only where a page needs them
  target: ["es2020"],
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  metafile: true,
};

const styles = {
  ...shared,
  entryPoints: { app: "frontend/src/app.css" },
  entryNames: "[name]",
  // KaTeX's CSS names its fonts by relative url(); the file loader copies each one it names.
  loader: { ".woff2": "file", ".woff": "file", ".ttf": "file" },
  assetNames: "fonts/[name]",
};

await rm(outdir, { recursive: true, force: true });
if (watch) {
  for (const options of [scripts, styles]) await (await esbuild.context(options)).watch();
} else {
  const [built] = await Promise.all([esbuild.build(scripts), esbuild.build(styles)]);
  await writeFile(path.join(outdir, "manifest.json"), `${JSON.stringify(manifest(built.metafile), null, 2)}\n`);
}

/** {"app": "app.js", "editor": "chunks/editor-HASH.js", "math": "chunks/math-HASH.js"} */
function manifest(metafile) {
  const found = {};
  for (const [file, info] of Object.entries(metafile.outputs)) {
    if (!file.endsWith(".js")) continue;
    const source = info.entryPoint || Object.keys(info.inputs).find((input) => input.startsWith("frontend/src/"));
    if (!source) continue;
    found[path.basename(source, ".js")] = path.relative(outdir, path.join(root, file)).split(path.sep).join("/");
  }
  return found;
}
