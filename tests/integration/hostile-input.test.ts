import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, newsletterSubscriptions, submissions } from "~/.server/db/tables";
import { setAppSecret } from "~/.server/secret";
import { createFormStartToken } from "~/.server/form-traps";
import { createNewsletterToken } from "~/features/newsletter/token.server";
import { setupTestDatabase } from "../support/database";
import { chunkedUpload, probe, rawStatusLine, residentKb } from "../support/http-probe";
import { makeDataDir, startServer, stopServer, type ServerProcess } from "../support/server-process";

/**
 * The request boundary of the production server (server/body-guard.ts,
 * server/request-guards.ts; docs/decisions/0105 to 0107) against the hostile
 * requests it was probed with: oversized chunked bodies, control characters
 * and invalid UTF-8, open redirects, odd methods, cross-origin posts and
 * clients that rotate through the /64s of an IPv6 /56.
 */
const database = setupTestDatabase();
const SECRET = "hostile-input-secret-hostile-input-secret";
setAppSecret(SECRET);

let server: ServerProcess;
let dataDir: string;
beforeAll(async () => {
  dataDir = await makeDataDir();
  server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database.current.url, APP_SECRET: SECRET });
});
afterAll(() => stopServer(server, dataDir));

const MB = 1024 * 1024;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const json = { "Content-Type": "application/json" };
const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };
let ipCounter = 10;
/** Each test its own client address (TRUST_PROXY trusts the loopback test client). */
const nextIp = () => ({ "X-Forwarded-For": `198.51.100.${ipCounter++}` });

/** Log lines the server wrote at warn level or above, parsed. */
function serverLogs(minLevel = 40): Array<Record<string, unknown>> {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => Number(entry.level) >= minLevel);
}

describe("bodies are bounded however they are framed", () => {
  it("refuses a chunked body of tens of MB to a page action with 413 once past the cap, without the server's memory growing with it", async () => {
    const pid = server.child.pid!;
    // Warm up the route, so what is measured is the upload.
    await probe(server.url, { method: "POST", path: "/contact", headers: { ...urlencoded, ...nextIp() }, body: "name=x" });
    const before = await residentKb(pid);
    const upload = await chunkedUpload(server.url, {
      path: "/contact",
      contentType: "application/x-www-form-urlencoded",
      totalBytes: 48 * MB,
      watchPid: pid,
    });
    const after = await residentKb(pid);
    process.stdout.write(
      `[hostile-input] chunked 48 MB to /contact: ${upload.statusLine}; the connection took ${(upload.sentBytes / MB).toFixed(1)} MB before the server stopped reading; ` +
        `server VmRSS before ${before} kB, peak ${upload.peakKb} kB (+${upload.peakKb - before} kB), after ${after} kB\n`,
    );
    expect(upload.statusLine).toBe("HTTP/1.1 413 Payload Too Large");
    expect(upload.peakKb - before).toBeLessThan(16 * 1024);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it.each([
    ["/api/send-contact-email", "application/json"],
    ["/api/auth/request-password-reset", "application/json"],
    ["/cookie-consent", "application/x-www-form-urlencoded"],
    ["/admin/login", "multipart/form-data; boundary=x"],
  ])("refuses an endless chunked body to %s with 413", async (path, contentType) => {
    const upload = await chunkedUpload(server.url, { path, contentType, totalBytes: 24 * MB, watchPid: server.child.pid! });
    expect(upload.statusLine).toBe("HTTP/1.1 413 Payload Too Large");
  });

  it("keeps a refused upload's answer readable for a client that reads it late (no reset while it is on the way)", async () => {
    // The client asks to close after the answer and reads nothing for half a second, as a busy
    // machine or a slow phone does: the 413 must still be there when it reads.
    const upload = await chunkedUpload(server.url, {
      path: "/cookie-consent",
      contentType: "application/x-www-form-urlencoded",
      totalBytes: 24 * MB,
      watchPid: server.child.pid!,
      readAfterMs: 500,
    });
    expect(upload.statusLine).toBe("HTTP/1.1 413 Payload Too Large");
  });

  it("refuses a declared length over the cap before reading, with a JSON or HTML message", async () => {
    const api = await rawStatusLine(
      server.url,
      `POST /api/lead-chatbot HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${300 * 1024}\r\n\r\n{`,
    );
    expect(api).toBe("HTTP/1.1 413 Payload Too Large");
    const page = await probe(server.url, { method: "POST", path: "/contact", headers: urlencoded, body: "x=" + "a".repeat(300 * 1024) });
    expect(page.status).toBe(413);
    expect(page.body).toContain("The request body is too large.");
  });
});

describe("control characters and odd encodings are input like any other", () => {
  it("stores a page form's submission with NUL and other controls removed", async () => {
    const response = await probe(server.url, {
      method: "POST",
      path: "/contact",
      headers: { ...urlencoded, ...nextIp() },
      body: form({
        name: "Anna\u0000 Nul\u0007",
        email: "anna.nul@example.com",
        message: "Hello\u0000 there,\r\nsecond line\u001b[31m and a tab\tstays",
        disclaimerAccepted: "on",
        formStartedAt: createFormStartToken(Date.now() - 60_000),
      }),
    });
    expect(response.status).toBe(200);
    const [row] = await database.current.db.select().from(submissions).where(eq(submissions.email, "anna.nul@example.com"));
    expect(row?.name).toBe("Anna Nul");
    expect(row?.fields).toEqual({ message: "Hello there,\r\nsecond line[31m and a tab\tstays" });
  });

  it("stores a JSON submission with NUL and a lone surrogate cleaned", async () => {
    const body = String.raw`{"source":"contact","name":"Jon\u0000 Json","email":"jon.json@example.com","message":"Half a pair: \ud800, a NUL: \u0000.","disclaimerAccepted":true}`;
    const response = await probe(server.url, { method: "POST", path: "/api/send-contact-email", headers: { ...json, ...nextIp() }, body });
    expect(response.status).toBe(200);
    const [row] = await database.current.db.select().from(submissions).where(eq(submissions.email, "jon.json@example.com"));
    expect(row?.name).toBe("Jon Json");
    expect(row?.fields).toEqual({ message: "Half a pair: \uFFFD, a NUL: ." });
  });

  it("stores a chat lead whose fields held control characters", async () => {
    const body = String.raw`{"action":"capture_lead","userData":{"name":"Lea\u0000 Lead","email":"lea.lead@example.com","company":"Acme\u0001"},"messages":[{"role":"user","content":"hi\u0000"}]}`;
    const response = await probe(server.url, { method: "POST", path: "/api/lead-chatbot", headers: { ...json, ...nextIp() }, body });
    expect(response.status).toBe(200);
    const [row] = await database.current.db.select().from(leads).where(eq(leads.email, "lea.lead@example.com"));
    expect(row).toMatchObject({ name: "Lea Lead", company: "Acme" });
  });

  it("answers 400 with a clear message for control characters or invalid UTF-8 in the address", async () => {
    for (const path of ["/unsubscribe?token=%00", "/newsletter/confirm?token=abc%01", "/ai-news/%00", "/admin/leads?q=%1B"]) {
      const response = await probe(server.url, { method: "GET", path });
      expect(response.status, path).toBe(400);
      expect(response.body).toContain("The address contains characters that are not allowed.");
    }
    for (const path of ["/ai-news/%FF", "/api/admin/leads/%C3", "/?q=%ED%A0%80"]) {
      const response = await probe(server.url, { method: "GET", path });
      expect(response.status, path).toBe(400);
      expect(response.body).toContain("The address is not valid UTF-8.");
    }
  });

  it("answers 400 for invalid UTF-8, malformed or deeply nested JSON, and 415 for bodies of the wrong kind", async () => {
    const post = (path: string, headers: Record<string, string>, body: Uint8Array | string, chunked = false) =>
      probe(server.url, { method: "POST", path, headers: { ...headers, ...nextIp() }, body, chunked });
    const notUtf8 = await post(
      "/api/newsletter-subscribe",
      json,
      Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
    );
    expect([notUtf8.status, JSON.parse(notUtf8.body)]).toEqual([400, { error: "The request body is not valid UTF-8.", code: "invalid" }]);
    const deep = await post("/api/ai-chat", json, "[".repeat(50_000) + "]".repeat(50_000), true);
    expect(deep.status).toBe(400);
    expect(JSON.parse(deep.body).error).toMatch(/nested too deeply/);
    expect((await post("/api/generate-content", json, '{"prompt":', true)).status).toBe(400);
    expect((await post("/api/send-contact-email", { "Content-Type": "text/plain" }, "{}")).status).toBe(415);
    const textToPage = await post("/contact", { "Content-Type": "text/plain" }, "name=x");
    expect(textToPage.status).toBe(415);
    expect(textToPage.body).toContain("application/x-www-form-urlencoded");
    expect((await post("/contact", { "Content-Type": "application/json" }, '{"name":"x"}')).status).toBe(415);
    expect((await post("/contact", { ...urlencoded, "Content-Encoding": "gzip" }, "x")).status).toBe(415);
    // A post without a body is an empty form: the action answers it.
    expect((await probe(server.url, { method: "POST", path: "/cookie-consent" })).status).toBe(400);
  });

  it("never logged an error for any of it", () => {
    expect(serverLogs(50)).toEqual([]);
  });
});

describe("redirects built from input never leave the site", () => {
  const hostile = [
    "/\t/evil.example",
    "/\n/evil.example",
    "/\\evil.example",
    "//evil.example",
    "/%2F/evil.example",
    "/\u3000/evil.example",
    "/\u00A0/evil.example",
    "https://evil.example/",
    "/.//evil.example",
    "/a\r\nSet-Cookie: x=1",
    "/é",
  ];
  it.each(hostile)("cookie consent sent back to %j stays on the site", async (redirectTo) => {
    const response = await probe(server.url, {
      method: "POST",
      path: "/cookie-consent",
      headers: { ...urlencoded, Origin: server.url },
      body: form({ choice: "declined", redirectTo }),
    });
    expect(response.status).toBe(303);
    const location = String(response.headers.location);
    expect(new URL(location, server.url).origin).toBe(new URL(server.url).origin);
    expect(location).toMatch(/^\/(?!\/)[\x21-\x7E]*$/);
  });
});

describe("methods and cross-origin posts are answered, not crashed", () => {
  it.each(["TRACE", "PROPFIND", "MKCOL", "LOCK", "SEARCH", "PURGE"])(
    "answers %s with 405 and the methods the site serves",
    async (method) => {
      for (const path of ["/", "/contact", "/api/send-contact-email"]) {
        const response = await probe(server.url, { method, path, body: "x" });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.allow).toContain("GET");
      }
    },
  );

  it("answers pages 405 for PUT, PATCH and DELETE, and lists their methods for OPTIONS", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await probe(server.url, { method, path: "/contact", headers: urlencoded, body: "name=x" });
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD, POST");
    }
    const options = await probe(server.url, { method: "OPTIONS", path: "/contact" });
    expect([options.status, options.headers.allow]).toEqual([204, "GET, HEAD, POST"]);
    expect((await probe(server.url, { method: "PATCH", path: "/api/send-contact-email", headers: json, body: "{}" })).status).toBe(405);
  });

  it("answers a malformed Host or request target with 400", async () => {
    expect(await rawStatusLine(server.url, "GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n")).toBe("HTTP/1.1 400 Bad Request");
    expect(await rawStatusLine(server.url, "GET / HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n")).toBe("HTTP/1.1 400 Bad Request");
    expect(await rawStatusLine(server.url, "GET /about HTTP/1.1\r\nHost: x:99999\r\nConnection: close\r\n\r\n")).toBe(
      "HTTP/1.1 400 Bad Request",
    );
    expect(await rawStatusLine(server.url, "GET http://evil.example/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toBe(
      "HTTP/1.1 400 Bad Request",
    );
    expect(await rawStatusLine(server.url, "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toBe("HTTP/1.1 400 Bad Request");
    // Past Node's header size limit: answered, not cut off.
    const longQuery = `/ai-news?q=${"x".repeat(70_000)}`;
    const tooLong = await probe(server.url, { method: "GET", path: longQuery });
    expect(tooLong.status).toBe(431);
  });

  it("refuses a page post from another origin with a friendly 403, logged as a warning without a stack", async () => {
    const cases: Array<Record<string, string>> = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
      { Origin: "not a url" },
    ];
    for (const headers of cases) {
      const response = await probe(server.url, {
        method: "POST",
        path: "/contact",
        headers: { ...urlencoded, ...headers },
        body: form({ name: "x" }),
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.body).toContain("This form was sent from another website");
    }
    // The server's log lines reach this process through a pipe, possibly after the responses.
    const refusedLines = () => serverLogs(40).filter((entry) => entry.msg === "Cross-origin form post refused");
    await expect.poll(() => refusedLines().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(cases.length);
    const refused = refusedLines();
    for (const entry of refused) {
      expect(entry.level).toBe(40);
      expect(JSON.stringify(entry)).not.toContain("stack");
    }
  });

  it("still takes same-origin posts, posts without an Origin, and one-click unsubscribes from mail providers", async () => {
    const own = await probe(server.url, {
      method: "POST",
      path: "/cookie-consent",
      headers: { ...urlencoded, Origin: server.url, "Sec-Fetch-Site": "same-origin" },
      body: "choice=accepted",
    });
    expect(own.status).toBe(303);
    const noOrigin = await probe(server.url, { method: "POST", path: "/cookie-consent", headers: urlencoded, body: "choice=accepted" });
    expect(noOrigin.status).toBe(303);

    const [first, second] = await database.current.db
      .insert(newsletterSubscriptions)
      .values([
        { email: "one.click@example.com", confirmed: true, confirmedAt: new Date() },
        { email: "two.click@example.com", confirmed: true, confirmedAt: new Date() },
      ])
      .returning();
    for (const [row, headers] of [
      [first!, { Origin: "https://mail.example.com" }],
      [second!, {}],
    ] as const) {
      const response = await probe(server.url, {
        method: "POST",
        path: `/unsubscribe/one-click?token=${createNewsletterToken("unsubscribe", row.id)}`,
        headers: { ...urlencoded, ...headers },
        body: "List-Unsubscribe=One-Click",
      });
      expect(response.status).toBe(200);
    }
    const rows = await database.current.db.select().from(newsletterSubscriptions);
    expect(rows.filter((row) => row.email.endsWith("click@example.com")).every((row) => row.unsubscribedAt !== null)).toBe(true);
  });
});

describe("limits count clients as networks do", () => {
  const subscribe = (ip: string, email: string) =>
    probe(server.url, {
      method: "POST",
      path: "/api/newsletter-subscribe",
      headers: { ...json, "X-Forwarded-For": ip },
      body: JSON.stringify({ email }),
    });

  it("counts every address of an IPv6 /56 (its 256 /64s) as one client", async () => {
    // The sign-up limit is 10 per client per 10 minutes.
    for (let i = 1; i <= 10; i++) expect((await subscribe(`2001:db8:77:${i.toString(16)}::${i}`, `v6-${i}@example.com`)).status).toBe(200);
    const rotated = await subscribe("2001:db8:77:ff:abcd:ef01:2345:6789", "v6-11@example.com");
    expect(rotated.status).toBe(429);
    expect(rotated.headers["retry-after"]).toBeTruthy();
    expect((await subscribe("2001:db8:77:100::1", "v6-other@example.com")).status).toBe(200);
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 client", async () => {
    for (let i = 1; i <= 10; i++) {
      const ip = i % 2 ? "203.0.113.77" : "::ffff:203.0.113.77";
      expect((await subscribe(ip, `v4-${i}@example.com`)).status).toBe(200);
    }
    expect((await subscribe("::ffff:cb00:714d", "v4-11@example.com")).status).toBe(429);
  });
});
