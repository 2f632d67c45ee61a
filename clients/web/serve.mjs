// A tiny static server for the page (tests and local use): `node serve.mjs --port 8000`.
// Serves index.html, style.css and build/ only. The page calls Envoy cross-origin: open
// http://127.0.0.1:8000/?envoy=http://127.0.0.1:8080 (CORS is enabled in Envoy's config).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(fileURLToPath(import.meta.url));
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".map": "application/json",
};
const ALLOWED = new Set(["/index.html", "/style.css", "/build/app.js", "/build/app.js.map"]);

/** Starts the server; resolves to { url, close }. Port 0 picks a free port. */
export function serve(port = 0, host = "127.0.0.1") {
  const server = createServer(async (req, res) => {
    const path = normalize(new URL(req.url ?? "/", "http://x").pathname);
    const file = path === "/" ? "/index.html" : path;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405).end();
      return;
    }
    if (!ALLOWED.has(file)) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    try {
      const body = await readFile(join(root, file));
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("not built: run `node build.mjs`");
    }
  });
  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        url: `http://${host}:${address.port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--port");
  const port = at > 0 ? Number(process.argv[at + 1]) : 8000;
  const { url } = await serve(port);
  console.log(`serving ${url}/?envoy=http://127.0.0.1:8080`);
}
