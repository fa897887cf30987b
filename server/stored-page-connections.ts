import { maxHeaderSize, type Server } from "node:http";
import type { Socket } from "node:net";
import { takeOverConnections, type HandOver } from "~/framework-workarounds/http-connection-handoff.server.ts";
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
  /**
   * Gives Node's server a connection another process has read `readAhead` from (a stored-page
   * process: server/stored-page-processes.ts), as if its parser had read those bytes itself.
   */
  adopt(socket: Socket, readAhead: Buffer): void;
};

/** The timeouts of the HTTP server the front stands before (an `http.Server` has them all, and they are read as they are now). */
export type ConnectionTimeouts = Pick<Server, "keepAliveTimeout" | "headersTimeout"> & { keepAliveTimeoutBuffer?: number };

/** The connections the front reads, whatever accepted them. */
export type ConnectionHolder = {
  /** Reads a new connection (handing it over at once once `closeIdle` was called). */
  hold(socket: Socket): void;
  closeIdle(): void;
  open(): number;
};

/** Queued answer bytes past which the front stops reading a connection until they drain. */
const MAX_QUEUED_BYTES = 1024 * 1024;
/** How often idle connections are looked for (a timer per connection would cost more than the answer). */
const SWEEP_MS = 1000;
const HEAD_END = Buffer.from("\r\n\r\n");
/**
 * A head the front reads: the request line `GET|HEAD <path> HTTP/1.1`, then header lines, each
 * a token, a colon, and a value with no control character but a tab (checked here, all at once).
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const HEAD = /^(GET|HEAD) (\/[\x21-\x7e]*) HTTP\/1\.1((?:\r\n[!#$%&'*+\-.^_`|~0-9A-Za-z]+:[^\x00-\x08\x0a-\x1f\x7f]*)*)$/;
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
/** Headers that give a request a body or change what the connection is: the request goes to Node's parser. */
const NOT_HERE = ["content-length", "transfer-encoding", "upgrade", "expect", "http2-settings"] as const;
/** Every name the reader looks for, READ first, then NOT_HERE, then Connection; and their indexes by length. */
const NAMES = [...READ, ...NOT_HERE, "connection"] as const;
const CONNECTION = NAMES.length - 1;
const NAMES_BY_LENGTH: number[][] = [];
NAMES.forEach((name, index) => (NAMES_BY_LENGTH[name.length] ??= []).push(index));

/**
 * Puts the front before `server`'s parser. Returns null (and changes nothing) where Node's
 * server does not set connections up as the handoff expects.
 */
export function answerOnConnections(server: Server, front: StoredPageFront, now = () => performance.now()): ConnectionFront | null {
  // Connections come only once the server listens, after `holder` is made.
  const handOver = takeOverConnections(server, (socket) => holder.hold(socket));
  if (!handOver) return null;
  const holder = holdConnections(front, server, handOver, now);
  server.once("close", () => holder.closeIdle());
  return { closeIdle: holder.closeIdle, open: holder.open, adopt: handOver };
}

/**
 * Reads connections for the front: answers what it can, and hands each connection to `handOver`
 * at its first request it cannot answer. Idle connections are closed as `timeouts` say.
 */
export function holdConnections(
  front: StoredPageFront,
  timeouts: ConnectionTimeouts,
  handOver: HandOver,
  now = () => performance.now(),
): ConnectionHolder {
  /** The connections the front holds, each with the time it may stay idle until. */
  const held = new Map<Socket, number>();
  let closing = false;

  // Node's server closes a connection idle `keepAliveTimeout` (plus its margin) after an answer,
  // and one that sent no request within `headersTimeout`; so does the sweep (within a second).
  const sweep = setInterval(() => {
    const time = now();
    for (const [socket, idleUntil] of held) if (idleUntil <= time) socket.destroy();
  }, SWEEP_MS);
  sweep.unref();

  function hold(socket: Socket) {
    if (closing) return handOver(socket, Buffer.alloc(0));
    held.set(socket, timeouts.headersTimeout > 0 ? now() + timeouts.headersTimeout : Infinity);
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
        write(socket, answer, headTail(timeouts));
        front.answered(request, answer);
        at = end + HEAD_END.length;
      }
      const idle = idleTimeout(timeouts);
      held.set(socket, idle > 0 ? now() + idle : Infinity);
      if (ended) socket.end();
    }

    function handOverFrom(readAhead: Buffer) {
      held.delete(socket);
      socket.removeListener("data", onData);
      socket.removeListener("error", onError);
      socket.removeListener("end", onEnd);
      socket.removeListener("close", onClose);
      handOver(socket, readAhead);
    }

    socket.on("error", onError);
    socket.on("end", onEnd);
    socket.on("close", onClose);
    socket.on("data", onData);
  }

  return {
    hold,
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
  const request = HEAD.exec(head);
  if (!request) return null;
  const fields = request[3]!;
  // The headers it reads, and only those (an object of one shape: read many times a second).
  const headers = new ReadHeaders();
  let lineEnd = 0;
  while (lineEnd < fields.length) {
    const nameStart = lineEnd + 2;
    const colon = fields.indexOf(":", nameStart);
    lineEnd = fields.indexOf("\r\n", colon);
    if (lineEnd === -1) lineEnd = fields.length;
    const name = nameAt(fields, nameStart, colon);
    if (name === -1) continue;
    if (name < READ.length) {
      const key = READ[name]!;
      if (headers[key] !== undefined) return null;
      headers[key] = withoutWhitespace(fields, colon + 1, lineEnd);
    } else if (name !== CONNECTION || withoutWhitespace(fields, colon + 1, lineEnd).toLowerCase() !== "keep-alive") return null;
  }
  // The method as a constant string, which later comparisons and lookups take faster than a piece of the head.
  return { method: request[1] === "GET" ? "GET" : "HEAD", url: request[2]!, headers };
}

/** The headers the front reads, all present from the start (undefined until read). */
class ReadHeaders implements Record<(typeof READ)[number], string | undefined> {
  [header: string]: string | undefined;
  host: string | undefined = undefined;
  "x-forwarded-host": string | undefined = undefined;
  "x-forwarded-proto": string | undefined = undefined;
  "accept-encoding": string | undefined = undefined;
  cookie: string | undefined = undefined;
  "x-request-id": string | undefined = undefined;
  "if-none-match": string | undefined = undefined;
  "if-modified-since": string | undefined = undefined;
  "cache-control": string | undefined = undefined;
}

/**
 * Which of NAMES the header name `text[start, end)` is, in any case, or -1. The name is a token
 * (HEAD checked it), so setting the 0x20 bit folds only upper-case letters onto the lower-case
 * ones the names are made of.
 */
function nameAt(text: string, start: number, end: number): number {
  const candidates = NAMES_BY_LENGTH[end - start];
  if (!candidates) return -1;
  next: for (const index of candidates) {
    const name = NAMES[index]!;
    for (let i = 0; i < name.length; i++) if ((text.charCodeAt(start + i) | 0x20) !== name.charCodeAt(i)) continue next;
    return index;
  }
  return -1;
}

/** A header's value: `text[from, to)` without the spaces and tabs around it (HTTP's whitespace, not JavaScript's `trim`). */
function withoutWhitespace(text: string, from: number, to: number): string {
  let start = from;
  let end = to;
  while (start < end && (text.charCodeAt(start) === 32 || text.charCodeAt(start) === 9)) start++;
  while (end > start && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  return text.slice(start, end);
}

const STATUS_LINES = { 200: "HTTP/1.1 200 OK\r\n", 304: "HTTP/1.1 304 Not Modified\r\n" } as const;

/**
 * A stored head's bytes, with its status line, as what comes before the request id and what
 * comes after it (made once per head, which the page cache makes once per page, encoding and
 * status). What comes after holds this second's Cache-Control and Date, so it is made again when
 * they change, at most once a second. An answer's head is the two copied into one buffer around
 * the request id: the socket gets bytes, not a long string to encode for each request.
 */
type HeadBytes = {
  beforeId: Buffer;
  /** Between the request id and Cache-Control's value, and from the end of that value to the tail. */
  beforeCacheControl: Buffer;
  rest: Buffer;
  /** `beforeCacheControl`, `cacheControl`, `rest` and `tail`: the end of the head while they last. */
  afterId: Buffer;
  cacheControl: string;
  tail: Buffer;
};
const headBytes = new WeakMap<StoredHead, HeadBytes>();
function bytesOf(head: StoredHead, status: 200 | 304): HeadBytes {
  let bytes = headBytes.get(head);
  if (!bytes) {
    const { headers, requestIdAt: first, cacheControlAt: second } = head;
    if (first > second) throw new Error("A stored head names the request id before Cache-Control.");
    const lines = (from: number, to: number) => {
      let joined = "";
      for (let i = from; i < to; i += 2) joined += `${headers[i]}: ${headers[i + 1]}\r\n`;
      return joined;
    };
    bytes = {
      beforeId: Buffer.from(`${STATUS_LINES[status]}${lines(0, first - 1)}${headers[first - 1]}: `, "latin1"),
      beforeCacheControl: Buffer.from(`\r\n${lines(first + 1, second - 1)}${headers[second - 1]}: `, "latin1"),
      rest: Buffer.from(`\r\n${lines(second + 1, headers.length)}`, "latin1"),
      afterId: Buffer.alloc(0),
      cacheControl: "",
      tail: Buffer.alloc(0),
    };
    headBytes.set(head, bytes);
  }
  return bytes;
}

/** The answer's bytes, as Node's `writeHead` and `end` write them: the headers in order, then Date, Connection and Keep-Alive. */
function write(socket: Socket, answer: FrontAnswer, tail: Buffer) {
  const bytes = bytesOf(answer.head, answer.status);
  if (bytes.cacheControl !== answer.cacheControl || bytes.tail !== tail) {
    bytes.cacheControl = answer.cacheControl;
    bytes.tail = tail;
    bytes.afterId = Buffer.concat([bytes.beforeCacheControl, Buffer.from(answer.cacheControl, "latin1"), bytes.rest, tail]);
  }
  const { beforeId, afterId } = bytes;
  const head = Buffer.allocUnsafe(beforeId.length + answer.requestId.length + afterId.length);
  let at = beforeId.copy(head);
  at += head.write(answer.requestId, at, "latin1");
  afterId.copy(head, at);
  if (answer.body) {
    socket.cork();
    socket.write(head);
    socket.write(answer.body);
    socket.uncork();
  } else socket.write(head);
}

/** How long Node's server keeps an idle connection after an answer: its timeout plus the margin it adds (none without a timeout). */
function idleTimeout(timeouts: ConnectionTimeouts): number {
  return timeouts.keepAliveTimeout > 0 ? timeouts.keepAliveTimeout + (timeouts.keepAliveTimeoutBuffer ?? 1000) : 0;
}

let tailSecond = -1;
let tailTimeout = NaN;
let tailBytes = Buffer.alloc(0);
/**
 * The end of an answer's head: Date, Connection and Node's own Keep-Alive for a kept-alive
 * connection (the timeout in whole seconds, as it writes it; none without one), and the blank
 * line. Made once a second, and when the server's timeout changes.
 */
function headTail(timeouts: ConnectionTimeouts): Buffer {
  const second = Math.floor(Date.now() / 1000);
  if (second !== tailSecond || timeouts.keepAliveTimeout !== tailTimeout) {
    tailSecond = second;
    tailTimeout = timeouts.keepAliveTimeout;
    const keepAlive = tailTimeout > 0 ? `Keep-Alive: timeout=${Math.floor(tailTimeout / 1000)}\r\n` : "";
    tailBytes = Buffer.from(`Date: ${new Date(second * 1000).toUTCString()}\r\nConnection: keep-alive\r\n${keepAlive}\r\n`, "latin1");
  }
  return tailBytes;
}
