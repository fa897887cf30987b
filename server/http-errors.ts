import type { Duplex } from "node:stream";
import type express from "express";
import { codeOfStatus, type ErrorBody } from "~/.server/errors.ts";

/** The JSON error body of an answer the request boundary gives itself (the shape of app/.server/errors.ts). */
export function errorBody(status: number, message: string): ErrorBody {
  return { error: message, code: codeOfStatus(status) };
}

/** /api and below (case-insensitive, as React Router matches routes). */
export function isApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === "/api" || lower.startsWith("/api/");
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** An error answer: JSON `{ error, code }` (app/.server/errors.ts) under /api, a small HTML page elsewhere. */
export function sendError(
  req: express.Request,
  res: express.Response,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  if (res.headersSent) return;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Cache-Control", "no-store");
  if (isApiPath(req.path)) {
    // A 500 carries the request id of its log line, as the app's own answers do.
    const requestId = status >= 500 ? res.getHeader("X-Request-Id") : undefined;
    res.status(status).json({ ...errorBody(status, message), ...(typeof requestId === "string" ? { requestId } : {}) });
    return;
  }
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status}</title>` +
        `<meta name="viewport" content="width=device-width,initial-scale=1"></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">` +
        `<h1>${status}</h1><p>${escapeHtml(message)}</p><p><a href="/">Return to Home</a></p></body></html>`,
    );
}

/** Whether the request still has body bytes nobody has read. */
function hasUnreadBody(req: express.Request): boolean {
  if (req.complete || req.readableEnded) return false;
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** How long a refused upload's connection stays half-open so the client can read the answer. */
export const LINGER_MS = 2_000;

/**
 * Reads nothing more of a refused body and closes the connection after the
 * answer. The socket is not read (TCP holds the sender back), so the body
 * costs no memory whatever its size. Closing at once would make the kernel
 * reset a connection with unread bytes and the client would lose the answer,
 * so the server closes its side after the answer (the client reads it, then
 * the end of the connection) and drops the connection LINGER_MS later.
 */
function stopReadingBody(req: express.Request, res: express.Response) {
  // A listener marks the body as taken, so Node does not read it to the end on its own.
  req.on("data", () => undefined);
  req.pause();
  lingerInsteadOfDestroySoon(req.socket);
  res.once("finish", () => {
    req.socket.end();
    setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
  });
}

/**
 * When the client asked to close (`Connection: close`), Node's HTTP server ends the connection
 * with `socket.destroySoon()` as soon as the answer is written: it closes the socket with the
 * body's unread bytes still queued, the kernel answers them with a reset, and a client that had
 * not read the answer yet loses it (tests/integration/hostile-input.test.ts, "reads it late").
 * `destroySoon` is not public API (app/framework-workarounds/README.md lists it): on this one
 * connection it only half-closes, and the timer above drops the connection LINGER_MS later.
 */
function lingerInsteadOfDestroySoon(socket: Duplex & { destroySoon?: () => void }) {
  if (typeof socket.destroySoon !== "function") return;
  socket.destroySoon = () => void socket.end();
}

/** Answers a request the server will not handle, reading no more of its body (stopReadingBody). */
export function refuse(req: express.Request, res: express.Response, status: number, message: string, headers: Record<string, string> = {}) {
  if (hasUnreadBody(req)) stopReadingBody(req, res);
  sendError(req, res, status, message, headers);
}

/**
 * Requests Node's parser refuses before Express sees them (a request line or
 * headers over the size limit, malformed framing): answered like the others,
 * 431 or 400, and the connection closed after the answer (see stopReadingBody).
 * For the HTTP server's "clientError" event.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === "HPE_HEADER_OVERFLOW"
      ? "431 Request Header Fields Too Large"
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? "408 Request Timeout"
        : "400 Bad Request";
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\nCache-Control: no-store\r\n\r\n`);
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
