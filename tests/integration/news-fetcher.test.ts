import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSafeFetcher, FetchError, isPublicAddress } from "~/features/news/fetch/safe-fetch.server";
import { rss2, serveFeed, startFixtureServer, type FixtureServer } from "../fixtures/news/feed-server";
import { expectStaysTrue } from "../support/stays-true";

/**
 * The feed fetcher against real local HTTP servers: size cap while streaming,
 * timeouts, conditional GET, Retry-After and the address guard (also after redirects).
 */

const feedBody = rss2({
  title: "Fixture",
  link: "https://fixture.example.com/",
  items: [{ title: "Story", link: "https://fixture.example.com/1", description: "Teaser" }],
});

async function fetchError(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error("expected the fetch to fail");
}

describe("isPublicAddress", () => {
  it("refuses private, loopback, link-local and other special ranges", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "255.255.255.255",
      "224.0.0.1",
      "::1",
      "::",
      "fc00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      // IPv4 inside IPv6, in every form, judged by the IPv4 address it carries.
      "::7f00:1",
      "::a9fe:a9fe",
      "::127.0.0.1",
      "::ffff:0:10.0.0.1",
      "64:ff9b::7f00:1",
      "64:ff9b::169.254.169.254",
      "64:ff9b:1::808:808",
      "2002:7f00:1::",
      "2002:a9fe:a9fe::1",
      "2001:0:4136:e378:8000:63bf:80ff:fffe",
      "not-an-ip",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("accepts public unicast addresses", () => {
    for (const address of [
      "8.8.8.8",
      "93.184.216.34",
      "2606:4700:4700::1111",
      "::ffff:8.8.8.8",
      "::808:808",
      "64:ff9b::808:808",
      "2002:808:808::1",
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe("createSafeFetcher against a local server", () => {
  let server: FixtureServer;
  /** Bytes the 60 MB route managed to write before the client hung up. */
  let hugeBytesWritten = 0;
  let hugeFinished = false;

  beforeAll(async () => {
    server = await startFixtureServer({
      routes: {
        "/feed.xml": serveFeed(feedBody),
        "/huge.xml": (_req, res) => {
          // 60 MB streamed in 64 KB chunks, never held in memory; stops when the client goes away.
          res.writeHead(200, { "content-type": "application/rss+xml" });
          const chunk = Buffer.alloc(64 * 1024, "a");
          const total = 60 * 1024 * 1024;
          const write = () => {
            while (hugeBytesWritten < total) {
              if (res.destroyed) return;
              hugeBytesWritten += chunk.length;
              if (!res.write(chunk)) {
                res.once("drain", write);
                return;
              }
            }
            hugeFinished = true;
            res.end();
          };
          res.on("close", () => res.removeAllListeners("drain"));
          write();
        },
        "/declared-huge.xml": (_req, res) => {
          res.writeHead(200, { "content-type": "application/rss+xml", "content-length": String(60 * 1024 * 1024) });
          res.write("<rss>");
          // Never finishes: the client must refuse on the header alone.
        },
        "/gzip-bomb.xml": (_req, res) => {
          res.writeHead(200, { "content-type": "application/rss+xml", "content-encoding": "gzip" });
          res.end(gzipSync(Buffer.alloc(20 * 1024 * 1024, " ")));
        },
        "/slow-headers.xml": (_req, res) => {
          const timer = setTimeout(() => res.writeHead(200).end(feedBody), 3_000);
          res.on("close", () => clearTimeout(timer));
        },
        "/slow-body.xml": (_req, res) => {
          res.writeHead(200, { "content-type": "application/rss+xml" });
          const timer = setInterval(() => res.write(" "), 100);
          res.on("close", () => clearInterval(timer));
        },
        "/rate-limited.xml": (_req, res) => {
          res.writeHead(429, { "retry-after": "120" }).end("slow down");
        },
        "/unavailable.xml": (_req, res) => {
          res.writeHead(503, { "retry-after": new Date(Date.now() + 600_000).toUTCString() }).end("maintenance");
        },
        "/loop": (_req, res) => {
          res.writeHead(302, { location: "/loop" }).end();
        },
        "/moved": (_req, res) => {
          res.writeHead(301, { location: "/feed.xml" }).end();
        },
        "/latin1.xml": (_req, res) => {
          res.writeHead(200, { "content-type": "application/rss+xml; charset=iso-8859-1" });
          res.end(Buffer.from("<rss><channel><title>Caf\xe9</title></channel></rss>", "latin1"));
        },
      },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it("fetches a feed, then gets 304 Not Modified with the validators it was given", async () => {
    const fetcher = createSafeFetcher({ allowPrivate: true });
    try {
      const first = await fetcher.get(`${server.url}/feed.xml`);
      expect(first.status).toBe(200);
      if (first.status !== 200) return;
      expect(first.body).toContain("<title>Story</title>");
      expect(first.etag).toBeTruthy();
      expect(first.lastModified).toBeTruthy();

      const second = await fetcher.get(`${server.url}/feed.xml`, { etag: first.etag, lastModified: first.lastModified });
      expect(second.status).toBe(304);
      const asked = server.requests.filter((r) => r.path === "/feed.xml").at(-1)!;
      expect(asked.headers["if-none-match"]).toBe(first.etag);
      expect(asked.headers["if-modified-since"]).toBe(first.lastModified);
    } finally {
      await fetcher.close();
    }
  });

  it("stops reading a 60 MB body at the 5 MB cap without downloading the rest", async () => {
    const fetcher = createSafeFetcher({ allowPrivate: true });
    try {
      const heapBefore = process.memoryUsage().heapUsed;
      const error = await fetchError(fetcher.get(`${server.url}/huge.xml`));
      expect(error.kind).toBe("too-large");
      const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
      expect(heapGrowth).toBeLessThan(40 * 1024 * 1024);
      // The server is not left writing the rest: checked throughout, not once after a sleep.
      await expectStaysTrue(() => !hugeFinished && hugeBytesWritten < 30 * 1024 * 1024, {
        for: 200,
        everyMs: 20,
        what: "the huge body left unread",
      });
    } finally {
      await fetcher.close();
    }
  });

  it("refuses a declared Content-Length above the cap before reading", async () => {
    const fetcher = createSafeFetcher({ allowPrivate: true, timeoutMs: 5_000 });
    try {
      const started = Date.now();
      const error = await fetchError(fetcher.get(`${server.url}/declared-huge.xml`));
      expect(error.kind).toBe("too-large");
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await fetcher.close();
    }
  });

  it("applies the cap to the decompressed size (gzip bomb)", async () => {
    const fetcher = createSafeFetcher({ allowPrivate: true });
    try {
      const error = await fetchError(fetcher.get(`${server.url}/gzip-bomb.xml`));
      expect(error.kind).toBe("too-large");
    } finally {
      await fetcher.close();
    }
  });

  it("gives up on a slow feed at the timeout (slow headers and a dripping body)", async () => {
    const fetcher = createSafeFetcher({ allowPrivate: true, timeoutMs: 400 });
    try {
      for (const path of ["/slow-headers.xml", "/slow-body.xml"]) {
        const started = Date.now();
        const error = await fetchError(fetcher.get(`${server.url}${path}`));
        expect(error.kind, path).toBe("timeout");
        expect(Date.now() - started, path).toBeLessThan(2_000);
      }
    } finally {
      await fetcher.close();
    }
  });

  it("reports Retry-After of 429 and 503 (seconds or an HTTP date)", async () => {
    const fetcher = createSafeFetcher({ allowPrivate: true });
    try {
      const limited = await fetchError(fetcher.get(`${server.url}/rate-limited.xml`));
      expect(limited).toMatchObject({ kind: "http", details: { status: 429, retryAfterSeconds: 120 } });
      const unavailable = await fetchError(fetcher.get(`${server.url}/unavailable.xml`));
      expect(unavailable.details.status).toBe(503);
      expect(unavailable.details.retryAfterSeconds).toBeGreaterThan(590);
      expect(unavailable.details.retryAfterSeconds).toBeLessThanOrEqual(600);
    } finally {
      await fetcher.close();
    }
  });

  it("follows redirects by hand, and stops redirect loops", async () => {
    const fetcher = createSafeFetcher({ allowPrivate: true });
    try {
      const moved = await fetcher.get(`${server.url}/moved`);
      expect(moved).toMatchObject({ status: 200, url: `${server.url}/feed.xml` });
      const loop = await fetchError(fetcher.get(`${server.url}/loop`));
      expect(loop.kind).toBe("redirect");
    } finally {
      await fetcher.close();
    }
  });

  it("decodes the declared charset", async () => {
    const fetcher = createSafeFetcher({ allowPrivate: true });
    try {
      const result = await fetcher.get(`${server.url}/latin1.xml`);
      expect(result.status === 200 && result.body).toContain("<title>Café</title>");
    } finally {
      await fetcher.close();
    }
  });
});

describe("address guard", () => {
  // 127.0.0.2 stands in for a public host: the guard's policy treats it as public,
  // every other address (127.0.0.1 included) is judged by the real isPublicAddress.
  const policy = (address: string) => address === "127.0.0.2" || isPublicAddress(address);
  let publicStandIn: FixtureServer;
  let internal: FixtureServer;

  beforeAll(async () => {
    internal = await startFixtureServer({
      host: "127.0.0.1",
      routes: { "/secret": (_req, res) => res.writeHead(200).end("internal secret") },
    });
    publicStandIn = await startFixtureServer({
      host: "127.0.0.2",
      routes: {
        "/feed.xml": serveFeed(feedBody),
        "/to-loopback": (_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${internal.port}/secret` }).end(),
        "/to-localhost": (_req, res) => res.writeHead(307, { location: `http://localhost:${internal.port}/secret` }).end(),
        "/to-metadata": (_req, res) => res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" }).end(),
        "/to-file": (_req, res) => res.writeHead(302, { location: "file:///etc/passwd" }).end(),
      },
    });
  });

  afterAll(async () => {
    await publicStandIn?.close();
    await internal?.close();
  });

  it("lets an allowed address through", async () => {
    const fetcher = createSafeFetcher({ isAllowedAddress: policy });
    try {
      expect((await fetcher.get(`${publicStandIn.url}/feed.xml`)).status).toBe(200);
    } finally {
      await fetcher.close();
    }
  });

  it("refuses a redirect to 127.0.0.1, localhost, the metadata address or a file: URL, and never reaches them", async () => {
    const fetcher = createSafeFetcher({ isAllowedAddress: policy, timeoutMs: 3_000 });
    try {
      for (const path of ["/to-loopback", "/to-localhost", "/to-metadata", "/to-file"]) {
        const error = await fetchError(fetcher.get(`${publicStandIn.url}${path}`));
        expect(error.kind, path).toBe("blocked");
      }
      expect(internal.requests).toHaveLength(0);
    } finally {
      await fetcher.close();
    }
  });

  it("refuses loopback feed URLs with the default policy (names and literals)", async () => {
    const fetcher = createSafeFetcher();
    try {
      for (const url of [`${internal.url}/secret`, `http://localhost:${internal.port}/secret`, `http://[::1]:${internal.port}/secret`]) {
        const error = await fetchError(fetcher.get(url));
        expect(error.kind, url).toBe("blocked");
      }
      expect(internal.requests).toHaveLength(0);
    } finally {
      await fetcher.close();
    }
  });

  it("reaches loopback only when private hosts are allowed (NEWS_ALLOW_PRIVATE_HOSTS, tests)", async () => {
    const fetcher = createSafeFetcher({ allowPrivate: true });
    try {
      const result = await fetcher.get(`${internal.url}/secret`);
      expect(result.status).toBe(200);
    } finally {
      await fetcher.close();
    }
  });
});
