// Bundles src/main.ts (and the TypeScript client it imports from ../ts/src) into build/app.js
// for browsers, and the TypeScript tests test/*.test.ts into build/test/*.test.mjs for Node.
// The message catalogues (i18n/locales/<lang>/*.ftl) are bundled as text (the `.ftl` loader).
// `node build.mjs` (add --watch while editing: the page only; --page: the page only, once,
// as `make run`'s install does). Needs `npm ci` in clients/ts and here first.
import * as esbuild from "esbuild";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const tests = {
  entryPoints: readdirSync(join(here, "test"))
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => join(here, "test", name)),
  outdir: join(here, "build", "test"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  format: "esm",
  platform: "node",
  target: ["node20"],
  sourcemap: true,
  loader: { ".ftl": "text" },
  logLevel: "warning",
};
const options = {
  entryPoints: [join(here, "src", "main.ts")],
  outfile: join(here, "build", "app.js"),
  bundle: true,
  format: "esm",
  platform: "browser",
  target: ["es2022"],
  sourcemap: true,
  minify: true,
  loader: { ".ftl": "text" },
  logLevel: "warning",
};

if (process.argv.includes("--watch")) {
  const context = await esbuild.context(options);
  await context.watch();
  console.log("watching src/ …");
} else if (process.argv.includes("--page")) {
  await esbuild.build(options);
  console.log("built build/app.js");
} else {
  await esbuild.build(options);
  await esbuild.build(tests);
  console.log("built build/app.js and build/test/");
}
