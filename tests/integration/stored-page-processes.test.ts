import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDataDir, startServer, useServerForFile } from "../support/server-process";
import { waitUntil } from "../support/wait-until";

/**
 * A stored-page process beside the app's (server/stored-page-process.ts, decision 0202): it
 * listens on the app's port, answers stored pages from its copy of the page cache, and passes
 * every other connection to the app's process with the bytes it read. The kernel shares new
 * connections between the two by their addresses, so a test opens many connections and looks
 * at which process holds them (its open sockets).
 */

const METRICS_TOKEN = "processes-metrics-token";
const noFeedsDir = fs.mkdtempSync(path.join(os.tmpdir(), "nordlys-processes-"));
const noFeeds = path.join(noFeedsDir, "no-feeds.txt");
fs.writeFileSync(noFeeds, "");
afterAll(() => fs.rmSync(noFeedsDir, { recursive: true, force: true }));

/** The stored-page processes of the server with this process id. */
function storedPageProcessesOf(serverPid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.includes("stored-page-process") && new RegExp(`\\nPPid:\\s+${serverPid}\\n`).test(status)) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The TCP sockets a process has open (its listening socket and the connections it holds). */
function socketsOf(pid: number): number {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).filter((fd) => {
      try {
        return fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith("socket:");
      } catch {
        return false;
      }
    }).length;
  } catch {
    return 0;
  }
}

/** A raw connection to read answers from, one at a time. */
async function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = Buffer.alloc(0);
  socket.on("data", (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
  /** The next whole answer (with a Content-Length or chunked). */
  const answer = () =>
    waitUntil(
      () => {
        const headEnd = received.indexOf("\r\n\r\n");
        if (headEnd === -1) return null;
        const head = received.subarray(0, headEnd).toString("latin1");
        const status = Number(head.slice(9, 12));
        if (/\r\ntransfer-encoding: chunked/i.test(head)) {
          // Chunks until the last, empty one.
          const chunks: Buffer[] = [];
          let at = headEnd + 4;
          for (;;) {
            const sizeEnd = received.indexOf("\r\n", at);
            if (sizeEnd === -1) return null;
            const size = parseInt(received.subarray(at, sizeEnd).toString("latin1"), 16);
            if (received.length < sizeEnd + 2 + size + 2) return null;
            chunks.push(received.subarray(sizeEnd + 2, sizeEnd + 2 + size));
            at = sizeEnd + 2 + size + 2;
            if (size === 0) break;
          }
          received = received.subarray(at);
          return { status, head, body: Buffer.concat(chunks).toString("utf8") };
        }
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (received.length < headEnd + 4 + length) return null;
        const body = received.subarray(headEnd + 4, headEnd + 4 + length);
        received = received.subarray(headEnd + 4 + length);
        return { status, head, body: body.toString("utf8") };
      },
      { what: "an answer", everyMs: 5 },
    );
  return { socket, answer };
}

const get = (port: number, page: string) => `GET ${page} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: br, gzip\r\n\r\n`;

function fetchOnce(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    // A new connection each time (no agent), so the kernel picks a process each time.
    const outgoing = http.get(url, { agent: false, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    outgoing.on("error", reject);
  });
}

describe("stored pages answered by a second process", () => {
  const file = useServerForFile({ METRICS_TOKEN, NEWS_FEEDS: noFeeds, STORED_PAGE_PROCESSES: "1" });
  const port = () => Number(new URL(file.server().url).port);
  const serverPid = () => file.server().child.pid!;

  beforeAll(async () => {
    // Stored in the app's page cache, and so sent to the stored-page process.
    for (const page of ["/projects", "/services", "/about"]) {
      await waitUntil(async () => (await fetchOnce(file.server().url + page)).headers["x-page-cache"] === "hit", {
        what: `${page} stored`,
      });
    }
  });

  it("runs beside the app and takes a share of the connections, answering them as the app does", async () => {
    const [child] = await waitUntil(() => storedPageProcessesOf(serverPid()).length === 1 && storedPageProcessesOf(serverPid()));
    const before = socketsOf(child!);
    const connections = await Promise.all(Array.from({ length: 40 }, () => connect(port())));
    const answers = await Promise.all(
      connections.map(async ({ socket, answer }) => {
        socket.write(get(port(), "/projects"));
        return answer();
      }),
    );
    // Both processes hold some of the 40 (each an even chance): the child's sockets grew by a few, not all.
    const held = socketsOf(child!) - before;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(40);
    const comparable = (head: string) => head.replace(/\r\n(Date|X-Request-Id): [^\r]*/g, "").replace(/s-maxage=\d+/, "s-maxage=N");
    for (const { status, head } of answers) {
      expect(status).toBe(200);
      expect(comparable(head)).toBe(comparable(answers[0]!.head));
    }
    for (const { socket } of connections) socket.destroy();
  });

  it("passes a connection on at its first request it cannot answer, with the bytes it read, even a body that arrives while the connection is passed", async () => {
    const connections = await Promise.all(Array.from({ length: 40 }, () => connect(port())));
    for (const { socket, answer } of connections) {
      socket.write(get(port(), "/about"));
      expect((await answer()).status).toBe(200);
    }
    const body = JSON.stringify({ email: "not an address", source: "home" });
    const cut = 10;
    const results = await Promise.all(
      connections.map(async ({ socket, answer }) => {
        // The head and the start of the body now; the rest once the connection has been passed on.
        socket.write(
          `POST /api/newsletter-subscribe HTTP/1.1\r\nHost: 127.0.0.1:${port()}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, cut)}`,
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
        socket.write(body.slice(cut));
        const refused = await answer();
        // The same connection, now the app's: a stored page again.
        socket.write(get(port(), "/about"));
        const again = await answer();
        socket.destroy();
        return { refused, again };
      }),
    );
    for (const { refused, again } of results) {
      expect(refused.status, refused.head).toBe(400);
      // Read whole: the address in the second part was judged.
      expect(JSON.parse(refused.body)).toMatchObject({ error: "Please enter a valid email address" });
      expect(again.status).toBe(200);
      expect(again.head).toContain("\r\nX-Page-Cache: hit\r\n");
    }
  });

  it("counts its answers in the app's /metrics, at once", async () => {
    const metric = /nordlys_http_request_duration_seconds_count\{method="GET",route="\/services",status="200"\} (\d+)/;
    const scrape = async () =>
      Number(metric.exec((await fetchOnce(`${file.server().url}/metrics`, { authorization: `Bearer ${METRICS_TOKEN}` })).body)?.[1] ?? 0);
    const before = await scrape();
    // Kept-alive connections (a request with `Connection: close` is not one the front answers).
    const connections = await Promise.all(Array.from({ length: 30 }, () => connect(port())));
    for (const { socket, answer } of connections) {
      socket.write(get(port(), "/services"));
      expect((await answer()).head).toContain("\r\nX-Page-Cache: hit\r\n");
    }
    expect(await scrape()).toBe(before + 30);
    for (const { socket } of connections) socket.destroy();
  });

  it("is started again when it dies, and the app answers every connection meanwhile", async () => {
    const [child] = storedPageProcessesOf(serverPid());
    const exited = (text: string) => text.split("A stored-page process exited").length - 1;
    const before = exited(file.server().output());
    process.kill(child!, "SIGKILL");
    // Gone once the app hears of its exit: all its threads ended, its listening socket closed.
    // (Its main thread shows as a zombie a moment earlier, while the socket still takes connections,
    // which the kernel resets: a process that dies drops what it had accepted, like any server.)
    await waitUntil(() => exited(file.server().output()) > before, { what: "the app told of the exit" });
    for (let i = 0; i < 20; i++) expect((await fetchOnce(`${file.server().url}/about`)).status).toBe(200);
    const [next] = await waitUntil(
      () => {
        const found = storedPageProcessesOf(serverPid()).filter((pid) => pid !== child);
        return found.length === 1 && found;
      },
      { what: "a new stored-page process", timeoutMs: 10_000 },
    );
    // It has the stored pages again and answers its share.
    await waitUntil(
      async () => {
        const before = socketsOf(next!);
        const connections = await Promise.all(Array.from({ length: 20 }, () => connect(port())));
        for (const { socket, answer } of connections) {
          socket.write(get(port(), "/about"));
          expect((await answer()).status).toBe(200);
        }
        const held = socketsOf(next!) - before;
        for (const { socket } of connections) socket.destroy();
        return held > 0;
      },
      { what: "the new process answering", timeoutMs: 10_000 },
    );
  });
});

describe("stored-page processes and the app's lifetime", () => {
  it("start and stop with the app, and a port the app holds still refuses a second server", async () => {
    const dataDir = await makeDataDir();
    const otherDir = await makeDataDir();
    try {
      const server = await startServer({ DATA_DIR: dataDir, NEWS_FEEDS: noFeeds, STORED_PAGE_PROCESSES: "1" });
      const [child] = await waitUntil(
        () => storedPageProcessesOf(server.child.pid!).length === 1 && storedPageProcessesOf(server.child.pid!),
      );
      // A second copy of the app on the same port fails as it would without SO_REUSEPORT.
      const second = await startServer({ DATA_DIR: otherDir, NEWS_FEEDS: noFeeds, PORT: new URL(server.url).port }).then(
        (started) => started.stop().then(() => "started"),
        (error: Error) => error.message,
      );
      expect(second).toContain("is already in use");
      expect(await server.stop("SIGTERM")).toBe(0);
      await waitUntil(() => !fs.existsSync(`/proc/${child}`), { what: "the stored-page process gone with the app" });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
