import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { takeOverConnections } from "~/framework-workarounds/http-connection-handoff.server.ts";
import type { StoredHead } from "./html-cache.ts";
import { answerOnConnections, type ConnectionFront } from "./stored-page-connections.ts";
import { answerFromFront, type FrontAnswer, type FrontRequest, type StoredPageFront } from "./stored-page-front.ts";

/**
 * The stored-page front on the connection (server/stored-page-connections.ts), on real sockets:
 * a front that answers GET and HEAD of /stored, and behind it Node's server with the same front
 * on Node's parser and a handler that echoes anything else. Every input is also sent to the same
 * server without the connection front: what a client gets must not change, only who answers.
 */
const head = (bodyLength: number): StoredHead => ({
  headers: ["X-Request-Id", "", "Content-Type", "text/html; charset=utf-8", "Cache-Control", "", "Content-Length", String(bodyLength)],
  requestIdAt: 1,
  cacheControlAt: 5,
});

function testFront(body: Buffer) {
  const answered: Array<{ url: string; status: number }> = [];
  const stored = head(body.length);
  const notModified: StoredHead = { ...head(0), headers: head(0).headers.slice(0, 6) };
  let count = 0;
  const front: StoredPageFront = {
    answer({ method, url, headers }: FrontRequest): FrontAnswer | null {
      if ((method !== "GET" && method !== "HEAD") || url !== "/stored") return null;
      if (headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined || headers.host === undefined) return null;
      const status = headers["if-none-match"] === '"v1"' ? 304 : 200;
      return {
        status,
        head: status === 304 ? notModified : stored,
        requestId: `id-${++count}`,
        cacheControl: "public, max-age=60",
        body: status === 304 || method === "HEAD" ? null : body,
        startedAt: performance.now(),
      };
    },
    answered: (request, answer) => void answered.push({ url: request.url, status: answer.status }),
  };
  return { front, answered };
}

type Started = { port: number; server: http.Server; connections: ConnectionFront | null; answered: Array<{ url: string; status: number }> };
const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function start({ withConnectionFront = true, body = Buffer.from("hello") } = {}): Promise<Started> {
  const { front, answered } = testFront(body);
  const server = http.createServer((req, res) => {
    if (answerFromFront(front, req, res)) return;
    let received = "";
    req.setEncoding("latin1");
    req.on("data", (chunk: string) => (received += chunk));
    req.on("end", () => res.end(`node: ${req.method} ${req.url} ${received}`));
  });
  const connections = withConnectionFront ? answerOnConnections(server, front) : null;
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, server, connections, answered };
}

type Reply = { status: number; head: string; body: string };

/** Responses in a byte stream, by Content-Length (none for HEAD and 304). */
function readReplies(bytes: Buffer, heads: boolean[]): Reply[] {
  const replies: Reply[] = [];
  let at = 0;
  for (const isHead of heads) {
    const end = bytes.indexOf("\r\n\r\n", at);
    if (end === -1) break;
    const text = bytes.toString("latin1", at, end);
    const status = Number(text.slice(9, 12));
    const length = isHead || status === 304 ? 0 : Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? 0);
    if (end + 4 + length > bytes.length) break;
    replies.push({ status, head: text, body: bytes.toString("latin1", end + 4, end + 4 + length) });
    at = end + 4 + length;
  }
  return replies;
}

/**
 * Sends `pieces` one write at a time (each after the server has had a moment to read the last),
 * then ends its side; reads until the server closes the connection.
 */
async function exchange(port: number, pieces: Array<string | Buffer>, heads: boolean[]): Promise<Reply[]> {
  const socket = net.connect(port, "127.0.0.1");
  const chunks: Buffer[] = [];
  let closed = false;
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  socket.on("close", () => (closed = true));
  socket.on("error", () => {});
  await new Promise((resolve) => socket.once("connect", resolve));
  for (const [i, piece] of pieces.entries()) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 30));
    socket.write(piece);
  }
  socket.end();
  await vi.waitFor(() => expect(closed).toBe(true), { timeout: 5_000 });
  return readReplies(Buffer.concat(chunks), heads);
}

/** A reply without what differs between two answers of the same request: the date and the request id. */
const comparable = ({ status, head, body }: Reply) => ({
  status,
  head: head.replace(/\r\nDate: [^\r]*/, "").replace(/X-Request-Id: [^\r]*/, "X-Request-Id: -"),
  body,
});

const get = (path = "/stored", headers = "Host: example.com\r\n") => `GET ${path} HTTP/1.1\r\n${headers}\r\n`;

describe("stored pages answered on the connection", () => {
  it("answers pipelined requests for stored pages in order, with Node's very bytes", async () => {
    const withFront = await start();
    const withoutFront = await start({ withConnectionFront: false });
    const requests = [
      get(),
      `HEAD /stored HTTP/1.1\r\nHost: example.com\r\n\r\n`,
      get("/stored", 'Host: a\r\nIf-None-Match: "v1"\r\n'),
      get(),
    ];
    const heads = [false, true, false, false];
    const front = await exchange(withFront.port, [requests.join("")], heads);
    const node = await exchange(withoutFront.port, [requests.join("")], heads);
    expect(front.map((reply) => reply.status)).toEqual([200, 200, 304, 200]);
    expect(front.map((reply) => reply.body)).toEqual(["hello", "", "", "hello"]);
    expect(front[0]!.head).toMatch(/\r\nDate: .+ GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5$/);
    expect(front.map(comparable)).toEqual(node.map(comparable));
    expect(withFront.answered).toHaveLength(4);
    await vi.waitFor(() => expect(withFront.connections!.open()).toBe(0));
  });

  it("hands a connection over with the bytes it read: the rest of the connection is Node's", async () => {
    const { port, answered } = await start();
    const post = "POST /form HTTP/1.1\r\nHost: example.com\r\nContent-Length: 11\r\n\r\nhello world";
    // All at once; the body in a later read; the head itself cut between two reads.
    const cases: Array<Array<string>> = [
      [get() + post + get()],
      [get() + post.slice(0, -5), post.slice(-5) + get()],
      [get() + post.slice(0, 20), post.slice(20) + get()],
      [get().slice(0, 10), get().slice(10) + get()],
    ];
    for (const pieces of cases) {
      answered.length = 0;
      const expected = pieces.join("").includes("POST") ? ["hello", "node: POST /form hello world", "hello"] : ["hello", "hello"];
      const replies = await exchange(
        port,
        pieces,
        expected.map(() => false),
      );
      expect(
        replies.map((reply) => reply.body),
        JSON.stringify(pieces),
      ).toEqual(expected);
      expect(answered, JSON.stringify(pieces)).toHaveLength(expected.filter((body) => body === "hello").length);
    }
  });

  it("leaves to Node's parser every request it does not fully understand, and the client gets what Node would send", async () => {
    const withFront = await start();
    const withoutFront = await start({ withConnectionFront: false });
    const inputs = [
      // Body framing: the front never decides where such a request ends.
      "GET /stored HTTP/1.1\r\nHost: a\r\nContent-Length: 6\r\n\r\nGET /x" + get(),
      "GET /stored HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + get(),
      "GET /stored HTTP/1.1\r\nHost: a\r\nContent-Length : 6\r\n\r\nGET /x",
      "GET /stored HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
      // Whatever else is not plain.
      "GET /stored HTTP/1.1\r\nHost: a\r\n folded: x\r\n\r\n",
      "GET /stored HTTP/1.1\nHost: a\n\n",
      "GET /stored HTTP/1.1\r\nHost: a\r\nX-Nul: a\0b\r\n\r\n",
      "GET /stored HTTP/1.1\r\nHost: a\rX: y\r\n\r\n",
      "GET /stored HTTP/1.0\r\nHost: a\r\n\r\n",
      "GET  /stored HTTP/1.1\r\nHost: a\r\n\r\n",
      "get /stored HTTP/1.1\r\nHost: a\r\n\r\n",
      "GET http://a/stored HTTP/1.1\r\nHost: a\r\n\r\n",
      "GET /stored HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
      "GET /stored HTTP/1.1\r\n\r\n",
      "GET /stored HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n" + get(),
      "GET /stored HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
      "GET /stored HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n\r\n",
      `GET /stored HTTP/1.1\r\nHost: a\r\nX-Big: ${"x".repeat(20_000)}\r\n\r\n`,
      "\r\nGET /stored HTTP/1.1\r\nHost: a\r\n\r\n",
      "OPTIONS /stored HTTP/1.1\r\nHost: a\r\n\r\n",
      "GET /stored?x HTTP/1.1\r\nHost: a\r\n\r\n",
      // Plain, and answered by the front.
      "GET /stored HTTP/1.1\r\nHost: a\r\nConnection: Keep-Alive\r\nX-Empty:\r\nX-Spaces: \t  b  \r\n\r\n",
    ];
    for (const input of inputs) {
      const heads = [false, false, false];
      const front = await exchange(withFront.port, [input], heads);
      const node = await exchange(withoutFront.port, [input], heads);
      expect(front.map(comparable), JSON.stringify(input.slice(0, 120))).toEqual(node.map(comparable));
      expect(front.length, JSON.stringify(input.slice(0, 120))).toBeGreaterThan(0);
    }
  });

  it("stops reading from a client that does not read its answers, and answers everything once it does, even after it half-closed", async () => {
    const body = Buffer.alloc(512 * 1024, "a");
    const { port, server, answered } = await start({ body });
    const serverSide: net.Socket[] = [];
    server.on("connection", (socket: net.Socket) => serverSide.push(socket));
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.pause();
    const count = 200;
    let ended = false;
    socket.on("end", () => (ended = true));
    socket.end(get().repeat(count));
    await vi.waitFor(() => expect(serverSide[0]?.isPaused()).toBe(true), { timeout: 5_000 });
    // A few answers fill the queue and the sockets' buffers; the rest wait for the client.
    expect(answered.length).toBeLessThan(count / 4);
    let received = 0;
    socket.on("data", (chunk: Buffer) => (received += chunk.length));
    socket.resume();
    await vi.waitFor(() => expect(answered).toHaveLength(count), { timeout: 10_000 });
    await vi.waitFor(() => expect(received).toBeGreaterThan(count * body.length), { timeout: 10_000 });
    await vi.waitFor(() => expect(ended).toBe(true));
    socket.destroy();
  });

  it("closes a connection idle past the keep-alive timeout or with no request, ends one the client half-closed, and ends its connections at shutdown", async () => {
    const { port, server, connections } = await start();
    server.keepAliveTimeout = 200;
    server.keepAliveTimeoutBuffer = 0;
    server.headersTimeout = 300;
    const open = async (request?: string) => {
      const socket = net.connect(port, "127.0.0.1");
      const state = { data: "", closed: false, ended: false };
      socket.on("data", (chunk: Buffer) => (state.data += chunk.toString("latin1")));
      socket.on("end", () => (state.ended = true));
      socket.on("close", () => (state.closed = true));
      socket.on("error", () => {});
      await new Promise((resolve) => socket.once("connect", resolve));
      if (request) socket.write(request);
      return { socket, state };
    };
    const idle = await open(get());
    const silent = await open();
    await vi.waitFor(() => expect(idle.state.data).toContain("hello"));
    await vi.waitFor(() => expect(idle.state.closed && silent.state.closed).toBe(true), { timeout: 3_000 });

    const halfClosed = await open();
    halfClosed.socket.end(get());
    await vi.waitFor(() => expect(halfClosed.state.ended).toBe(true));
    expect(halfClosed.state.data).toContain("hello");

    server.keepAliveTimeout = 60_000;
    const kept = await open(get());
    await vi.waitFor(() => expect(kept.state.data).toContain("hello"));
    expect(connections!.open()).toBe(1);
    connections!.closeIdle();
    await vi.waitFor(() => expect(kept.state.ended).toBe(true));
    // After shutdown began, a new connection goes straight to Node's server.
    const late = await open(get());
    await vi.waitFor(() => expect(late.state.data).toContain("hello"));
    expect(connections!.open()).toBe(0);
    late.socket.destroy();
  });

  it("stands aside where Node's server does not set connections up as it expects", () => {
    const server = http.createServer();
    server.on("connection", () => {});
    expect(takeOverConnections(server, () => {})).toBeNull();
    expect(server.listeners("connection")).toHaveLength(2);
  });
});
