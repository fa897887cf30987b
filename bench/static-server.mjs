/**
 * The yardstick of `npm run bench`: a plain static file server that serves
 * precompressed files the way nginx's gzip_static and brotli_static do. For
 * `/x.html` it sends `/x.html.br` or `/x.html.gz` from disk when the client
 * accepts that encoding and the file exists (the list of files is read once at
 * start, as nginx's open_file_cache would keep it), else the file itself.
 * node:http and serve-static (stat, ETag, Last-Modified, a stream from disk),
 * in a process of its own like the site's server.
 *
 *   node bench/static-server.mjs <dir>      prints nothing; sends its port over IPC
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import serveStatic from "serve-static";
import { preferredEncoding } from "../server/accept-encoding.ts";

const dir = path.resolve(process.argv[2] ?? ".");
const files = new Set(fs.readdirSync(dir).map((name) => `/${name}`));
const suffix = { br: ".br", gzip: ".gz" };

const serve = serveStatic(dir, {
  index: false,
  setHeaders(res, filePath) {
    const encoding = filePath.endsWith(".br") ? "br" : filePath.endsWith(".gz") ? "gzip" : null;
    if (/\.html(\.br|\.gz)?$/.test(filePath)) res.setHeader("Content-Type", "text/html; charset=utf-8");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", "Accept-Encoding");
  },
});

const server = http.createServer((req, res) => {
  const pathname = (req.url ?? "/").split("?")[0];
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  if (encoding && files.has(pathname + suffix[encoding])) req.url = pathname + suffix[encoding];
  serve(req, res, () => {
    res.statusCode = 404;
    res.end();
  });
});
server.keepAliveTimeout = 5_000;
server.listen(0, "127.0.0.1", () => process.send?.(/** @type {import("node:net").AddressInfo} */ (server.address()).port));
