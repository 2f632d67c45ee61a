// Bundles src/main.ts (and the TypeScript client it imports from ../ts/src) into build/app.js
// for browsers. `node build.mjs` (add --watch while editing). Needs `npm ci` in clients/ts
// and here first.
import * as esbuild from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const options = {
  entryPoints: [join(here, "src", "main.ts")],
  outfile: join(here, "build", "app.js"),
  bundle: true,
  format: "esm",
  platform: "browser",
  target: ["es2022"],
  sourcemap: true,
  minify: true,
  logLevel: "warning",
};

if (process.argv.includes("--watch")) {
  const context = await esbuild.context(options);
  await context.watch();
  console.log("watching src/ …");
} else {
  await esbuild.build(options);
  console.log("built build/app.js");
}
