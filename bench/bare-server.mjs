/**
 * What Node's own HTTP server costs on this machine, in `npm run bench`: a bare node:http server
 * that answers each page from memory with the very headers and bytes our server sends (saved by
 * bench/pages.mjs), one `writeHead` with a prepared header list and one `end` per request,
 * nothing else. Our server answers stored pages on the connection before Node's HTTP parser
 * (server/stored-page-connections.ts, decision 0201), so it can be faster than this; a page
 * answered through Node's parser cannot.
 *
 *   node bench/bare-server.mjs <dir> [port]      sends its port over IPC; <dir>/pages.json lists the answers
 *
 * With a port, it listens with SO_REUSEPORT: several of them on one port share its connections
 * (the kernel spreads them), which shows what Node gets from more than one core.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { preferredEncoding } from "../server/accept-encoding.ts";

const dir = path.resolve(process.argv[2] ?? ".");
/** @type {Record<string, Record<string, { file: string, headers: string[] }>>} page path -> encoding ("br", "gzip", "identity") -> answer */
const manifest = JSON.parse(fs.readFileSync(path.join(dir, "pages.json"), "utf8"));
/** @type {Map<string, Record<string, { body: Buffer, headers: string[] }>>} */
const answers = new Map(
  Object.entries(manifest).map(([page, byEncoding]) => [
    page,
    Object.fromEntries(
      Object.entries(byEncoding).map(([encoding, { file, headers }]) => [
        encoding,
        { body: fs.readFileSync(path.join(dir, file)), headers },
      ]),
    ),
  ]),
);

const server = http.createServer((req, res) => {
  const byEncoding = answers.get(req.url ?? "");
  const answer = byEncoding?.[preferredEncoding(req.headers["accept-encoding"]) ?? "identity"];
  if (!answer) {
    res.writeHead(404, ["Content-Length", "0"]);
    res.end();
    return;
  }
  res.writeHead(200, answer.headers);
  res.end(answer.body);
});
server.keepAliveTimeout = 5_000;
server.listen({ port: Number(process.argv[3] ?? 0), host: "127.0.0.1", reusePort: process.argv[3] !== undefined }, () =>
  process.send?.(/** @type {import("node:net").AddressInfo} */ (server.address()).port),
);
