import { maxHeaderSize, type Server } from "node:http";
import type { Socket } from "node:net";
import { takeOverConnections } from "~/framework-workarounds/http-connection-handoff.server.ts";
import type { StoredHead } from "./html-cache.ts";
import type { FrontAnswer, FrontRequest, StoredPageFront } from "./stored-page-front.ts";

/**
 * The stored-page front on the connection, before Node's HTTP parser
 * (docs/decisions/0201-stored-pages-answered-on-the-connection.md).
 *
 * A connection's bytes come here first. While they are nothing but plain requests the front
 * answers (a GET or HEAD of a stored page, as `StoredPageFront.answer` decides), each is answered
 * here, in order, with the very status line and headers Node's server would write. At the first
 * request that is anything else, the connection is handed to Node's HTTP server for good, with
 * every byte from that request on: Node parses it as if it had read it itself, and Express answers
 * it as before.
 *
 * The reader is deliberately narrow; whatever it does not fully understand goes to Node's parser:
 * - only a head that is complete in what was read (a head cut between two reads is handed over);
 * - the request line `GET|HEAD <origin-form path> HTTP/1.1`, exactly, and header lines
 *   `name: value` with a token for a name and no control character but a tab in the value;
 * - no header that gives a body or changes the connection (Content-Length, Transfer-Encoding,
 *   Upgrade, Expect, Connection other than keep-alive), none of the headers it reads sent twice, at most
 *   `http.maxHeaderSize` bytes of head (Node's own limit).
 * Such a request has no body under any reading of HTTP/1.1, so where it ends is never in doubt:
 * the front and Node's parser cannot disagree on where the next request starts.
 *
 * What Node's server would do that is kept: keep-alive with its `Keep-Alive: timeout` (the idle
 * connection closed after `server.keepAliveTimeout`; before its first request after
 * `server.headersTimeout`), the Date header, a half-closed connection ended, pipelined requests
 * answered in order, and no more than about a megabyte of answers queued for a client that does
 * not read (reading stops until they drain). `closeIdle` ends every connection the front holds
 * (they are idle between requests: each answer is written at once).
 */
export type ConnectionFront = {
  /** Ends the connections the front holds (at shutdown; Node's own are closed by the server). */
  closeIdle(): void;
  /** How many connections the front holds now. */
  open(): number;
};

/** Queued answer bytes past which the front stops reading a connection until they drain. */
const MAX_QUEUED_BYTES = 1024 * 1024;
/** How often idle connections are looked for (a timer per connection would cost more than the answer). */
const SWEEP_MS = 1000;
const HEAD_END = Buffer.from("\r\n\r\n");
const REQUEST_LINE = /^(GET|HEAD) (\/[\x21-\x7e]*) HTTP\/1\.1$/;
/** A header line: a token, a colon, and a value with no control character but a tab. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const FIELD_LINE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+:[^\x00-\x08\x0a-\x1f\x7f]*$/;
/** The headers the front reads (server/stored-page-front.ts and `fresh`); others are checked, not kept. */
const READ = [
  "host",
  "x-forwarded-host",
  "x-forwarded-proto",
  "accept-encoding",
  "cookie",
  "x-request-id",
  "if-none-match",
  "if-modified-since",
  "cache-control",
] as const;
const READ_SET: ReadonlySet<string> = new Set(READ);
/** Headers that give a request a body or change what the connection is: the request goes to Node's parser. */
const NOT_HERE = new Set(["content-length", "transfer-encoding", "upgrade", "expect", "http2-settings"]);

/**
 * Puts the front before `server`'s parser. Returns null (and changes nothing) where Node's
 * server does not set connections up as the handoff expects.
 */
export function answerOnConnections(server: Server, front: StoredPageFront, now = () => performance.now()): ConnectionFront | null {
  /** The connections the front holds, each with the time it may stay idle until. */
  const held = new Map<Socket, number>();
  let closing = false;
  const handOver = takeOverConnections(server, (socket) => {
    if (closing) handOver!(socket);
    else hold(socket);
  });
  if (!handOver) return null;

  // Node's server closes a connection idle `keepAliveTimeout` (plus its margin) after an answer,
  // and one that sent no request within `headersTimeout`; so does the sweep (within a second).
  const sweep = setInterval(() => {
    const time = now();
    for (const [socket, idleUntil] of held) if (idleUntil <= time) socket.destroy();
  }, SWEEP_MS);
  sweep.unref();
  server.once("close", () => clearInterval(sweep));

  function hold(socket: Socket) {
    held.set(socket, server.headersTimeout > 0 ? now() + server.headersTimeout : Infinity);
    /** Bytes read but not yet answered: only while the client is not reading its answers. */
    let waiting: Buffer | null = null;
    /** The client has half-closed: the connection is ended once what it sent is answered. */
    let ended = false;

    const onError = () => socket.destroy();
    const onEnd = () => {
      ended = true;
      if (!waiting) socket.end();
    };
    const onClose = () => held.delete(socket);
    const onDrain = () => {
      const rest = waiting!;
      waiting = null;
      socket.resume();
      read(rest);
    };
    const onData = (chunk: Buffer) => read(waiting ? Buffer.concat([waiting, chunk]) : chunk);

    function read(bytes: Buffer) {
      let at = 0;
      while (at < bytes.length) {
        if (socket.writableLength > MAX_QUEUED_BYTES) {
          // A client that does not read its answers: no more are made until it does (and the
          // connection does not count as idle meanwhile, as in Node's server).
          waiting = bytes.subarray(at);
          held.set(socket, Infinity);
          socket.pause();
          socket.once("drain", onDrain);
          return;
        }
        const end = bytes.indexOf(HEAD_END, at);
        if (end === -1 || end - at > maxHeaderSize) return handOverFrom(bytes.subarray(at));
        const request = readHead(bytes.toString("latin1", at, end));
        const answer = request && front.answer(request);
        if (!answer) return handOverFrom(bytes.subarray(at));
        write(socket, answer, keepAliveHeader(server));
        front.answered(request, answer);
        at = end + HEAD_END.length;
      }
      const idle = idleTimeout(server);
      held.set(socket, idle > 0 ? now() + idle : Infinity);
      if (ended) socket.end();
    }

    function handOverFrom(readAhead: Buffer) {
      held.delete(socket);
      socket.removeListener("data", onData);
      socket.removeListener("error", onError);
      socket.removeListener("end", onEnd);
      socket.removeListener("close", onClose);
      handOver!(socket, readAhead);
    }

    socket.on("error", onError);
    socket.on("end", onEnd);
    socket.on("close", onClose);
    socket.on("data", onData);
  }

  return {
    closeIdle() {
      closing = true;
      clearInterval(sweep);
      for (const socket of held.keys()) socket.end();
    },
    open: () => held.size,
  };
}

/** A request head (without its final blank line) as the front reads it, or null for one it leaves to Node's parser. */
export function readHead(head: string): FrontRequest | null {
  let lineEnd = head.indexOf("\r\n");
  const requestLine = REQUEST_LINE.exec(lineEnd === -1 ? head : head.slice(0, lineEnd));
  if (!requestLine) return null;
  // The headers it reads, and only those.
  const headers: Partial<Record<ReadHeader, string>> = {};
  while (lineEnd !== -1) {
    const lineStart = lineEnd + 2;
    lineEnd = head.indexOf("\r\n", lineStart);
    const line = lineEnd === -1 ? head.slice(lineStart) : head.slice(lineStart, lineEnd);
    if (!FIELD_LINE.test(line)) return null;
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).toLowerCase();
    if (isRead(name)) {
      if (headers[name] !== undefined) return null;
      headers[name] = withoutWhitespace(line, colon + 1);
    } else if (NOT_HERE.has(name)) return null;
    else if (name === "connection" && withoutWhitespace(line, colon + 1).toLowerCase() !== "keep-alive") return null;
  }
  return { method: requestLine[1]!, url: requestLine[2]!, headers };
}

type ReadHeader = (typeof READ)[number];
const isRead = (name: string): name is ReadHeader => READ_SET.has(name);

/** A header's value: the line after `from` without the spaces and tabs around it (HTTP's whitespace, not JavaScript's `trim`). */
function withoutWhitespace(line: string, from: number): string {
  let start = from;
  let end = line.length;
  while (start < end && (line.charCodeAt(start) === 32 || line.charCodeAt(start) === 9)) start++;
  while (end > start && (line.charCodeAt(end - 1) === 32 || line.charCodeAt(end - 1) === 9)) end--;
  return line.slice(start, end);
}

const STATUS_LINES = { 200: "HTTP/1.1 200 OK\r\n", 304: "HTTP/1.1 304 Not Modified\r\n" } as const;

/**
 * A stored head's bytes in three pieces around the request id and Cache-Control, with its status
 * line (made once per head, which the page cache makes once per page, encoding and status). An
 * answer's head is these bytes and a few short strings copied into one buffer: the socket gets
 * bytes, not a long string to encode for each request.
 */
const headBytes = new WeakMap<StoredHead, [Buffer, Buffer, Buffer]>();
function headPieces(head: StoredHead, status: 200 | 304): [Buffer, Buffer, Buffer] {
  let pieces = headBytes.get(head);
  if (!pieces) {
    const { headers, requestIdAt: first, cacheControlAt: second } = head;
    if (first > second) throw new Error("A stored head names the request id before Cache-Control.");
    const lines = (from: number, to: number) => {
      let joined = "";
      for (let i = from; i < to; i += 2) joined += `${headers[i]}: ${headers[i + 1]}\r\n`;
      return joined;
    };
    pieces = [
      Buffer.from(`${STATUS_LINES[status]}${lines(0, first - 1)}${headers[first - 1]}: `, "latin1"),
      Buffer.from(`\r\n${lines(first + 1, second - 1)}${headers[second - 1]}: `, "latin1"),
      Buffer.from(`\r\n${lines(second + 1, headers.length)}`, "latin1"),
    ];
    headBytes.set(head, pieces);
  }
  return pieces;
}

/** The answer's bytes, as Node's `writeHead` and `end` write them: the headers in order, then Date, Connection and Keep-Alive. */
function write(socket: Socket, answer: FrontAnswer, keepAlive: string) {
  const [beforeId, beforeCacheControl, rest] = headPieces(answer.head, answer.status);
  const tail = headTail(keepAlive);
  const head = Buffer.allocUnsafe(
    beforeId.length + answer.requestId.length + beforeCacheControl.length + answer.cacheControl.length + rest.length + tail.length,
  );
  let at = beforeId.copy(head);
  at += head.write(answer.requestId, at, "latin1");
  at += beforeCacheControl.copy(head, at);
  at += head.write(answer.cacheControl, at, "latin1");
  at += rest.copy(head, at);
  tail.copy(head, at);
  if (answer.body) {
    socket.cork();
    socket.write(head);
    socket.write(answer.body);
    socket.uncork();
  } else socket.write(head);
}

/** Node's own header for a kept-alive connection (whole seconds, as it writes it; none without a timeout). */
function keepAliveHeader(server: Server): string {
  return server.keepAliveTimeout > 0 ? `Keep-Alive: timeout=${Math.floor(server.keepAliveTimeout / 1000)}\r\n` : "";
}

/** How long Node's server keeps an idle connection after an answer: its timeout plus the margin it adds (none without a timeout). */
function idleTimeout(server: Server): number {
  return server.keepAliveTimeout > 0 ? server.keepAliveTimeout + (server.keepAliveTimeoutBuffer ?? 1000) : 0;
}

let tailSecond = -1;
let tailKeepAlive = "";
let tailBytes = Buffer.alloc(0);
/** The end of an answer's head: Date, Connection and Keep-Alive, and the blank line (made once a second). */
function headTail(keepAlive: string): Buffer {
  const second = Math.floor(Date.now() / 1000);
  if (second !== tailSecond || keepAlive !== tailKeepAlive) {
    tailSecond = second;
    tailKeepAlive = keepAlive;
    tailBytes = Buffer.from(`Date: ${new Date(second * 1000).toUTCString()}\r\nConnection: keep-alive\r\n${keepAlive}\r\n`, "latin1");
  }
  return tailBytes;
}
