import fs from "node:fs/promises";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rss2, serveFeed, startFixtureServer, type FixtureServer } from "../fixtures/news/feed-server";
import { adminSession } from "../support/admin-session";
import { setupTestDatabase } from "../support/database";
import { startFakeOpenAI, type FakeOpenAI } from "../support/fake-openai";
import { probe, type ProbeRequest, type ProbeResponse } from "../support/http-probe";
import { loadRouteTable, type RouteInfo } from "../support/route-table";
import { freePort, makeDataDir, startServer, type ServerProcess } from "../support/server-process";

/**
 * Generated hostile requests against every JSON endpoint, every page action
 * and every loader's query string of app/routes.ts, and the routes the
 * Express app answers itself (the page-view beacon, health, metrics), on the
 * production server: wrong types, control characters, invalid UTF-8, huge and deeply
 * nested values, chunked and mislabelled bodies, odd methods, foreign
 * origins, signed in as an admin or not. Any 5xx, any request left without
 * an answer, an error logged, or a server that stops answering /healthz fails.
 * A fixed seed, so a failure replays; a time budget, so it stays bounded.
 */
const SEED = 20261124;
const BUDGET_MS = 35_000;
const RUNS_PER_BODY_ROUTE = 40;
const RUNS_PER_QUERY_ROUTE = 8;

const database = setupTestDatabase();
const ADMIN = { email: "fuzz-admin@example.com", password: "fuzz admin password 1234" };

let server: ServerProcess;
let ai: FakeOpenAI;
let feeds: FixtureServer;
let dataDir: string;
let adminCookie = "";

beforeAll(async () => {
  ai = await startFakeOpenAI();
  const story = {
    title: "Fuzz story",
    link: "https://news.example/fuzz",
    description: "A story.",
    content: "<p>A story.</p>",
    date: new Date(),
  };
  feeds = await startFixtureServer({
    routes: { "/ai.xml": serveFeed(rss2({ title: "Fuzz feed", link: "https://news.example/", items: [story] })) },
  });
  dataDir = await makeDataDir("nordlys-fuzz-");
  const port = await freePort();
  server = await startServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.current.url,
    AI_BASE_URL: ai.url,
    AI_MODEL: "fake-model",
    AI_API_KEY: "fuzz",
    NEWS_FEEDS: `${feeds.url}/ai.xml`,
    NEWS_ALLOW_PRIVATE_HOSTS: "true",
  });
  // An admin with two-factor set up, as every admin is: the fuzzer reaches the admin handlers themselves.
  adminCookie = (await adminSession(server.url, dataDir, { ...ADMIN, clientIp: "192.0.2.1", databaseUrl: database.current.url })).cookie;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all([ai?.close(), feeds?.close()]);
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------- generators

/** Field names the site's forms and endpoints read, so values reach validation and beyond. */
const FIELD_NAMES = [
  "email",
  "name",
  "message",
  "company",
  "source",
  "messages",
  "role",
  "content",
  "action",
  "userData",
  "conversationId",
  "force",
  "task",
  "topic",
  "product",
  "audience",
  "keywords",
  "tone",
  "prompt",
  "choice",
  "redirectTo",
  "returnTo",
  "js",
  "token",
  "intent",
  "id",
  "password",
  "confirm",
  "code",
  "method",
  "disclaimerAccepted",
  "formStartedAt",
  "website",
  "idea",
  "why",
  "q",
  "page",
  "status",
  "file",
  "List-Unsubscribe",
  "__proto__",
  "constructor",
];

const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "\u0000",
      "a\u0000b",
      "\ud800",
      "\udfff\ud800",
      "\u202Eevil",
      "\uFEFF",
      "\r\n\t",
      "\u0007\u001b[31m",
      "%00",
      "%FF",
      "../../../etc/passwd",
      "<script>alert(1)</script>",
      "' OR '1'='1",
      "anna@example.com\u0000",
      "a@b.c\u0000d",
      "/\t/evil.example",
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "/%2F/evil.example",
      "/\u3000/evil",
      "__proto__",
      "NaN",
      "-1",
      "1e309",
      "00000000-0000-4000-8000-000000000000",
      "accepted",
      "declined",
      "refresh",
      "delete",
      "export",
      "erase",
      "send",
      "code",
      "totp",
      "backup",
      "contact",
      "apply",
      "mentoring",
      "capture_lead",
      "seo",
      "email",
      "user",
      "assistant",
      "system",
      "on",
      "true",
      "1",
      "One-Click",
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(1_000, 9_000, 70_000).map((length) => "x".repeat(length)) },
);

const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    tie("array"),
    tie("object"),
  ),
  array: fc.array(tie("value"), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), hostileText), tie("value"), { maxKeys: 5 }),
})).value;

const fieldObject = fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(hostileText, jsonValue), { maxKeys: 8 });
const formPairs = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), hostileText), hostileText), { maxLength: 8 });

type Body = { contentType?: string; bytes: Buffer; label: string };

const CONTENT_TYPES = [
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "text/plain",
  "application/xml",
  "application/json; charset=utf-16",
  "application/x-www-form-urlencoded; charset=iso-8859-1",
  "application/merge-patch+json",
  "",
];

const body: fc.Arbitrary<Body | undefined> = fc.oneof(
  {
    weight: 4,
    arbitrary: fieldObject.map((value): Body => ({
      contentType: "application/json",
      bytes: Buffer.from(JSON.stringify(value)),
      label: "json",
    })),
  },
  {
    weight: 4,
    arbitrary: formPairs.map((pairs): Body => ({
      contentType: "application/x-www-form-urlencoded",
      bytes: Buffer.from(new URLSearchParams(pairs.map(([k, v]) => [k.toWellFormed(), v.toWellFormed()])).toString()),
      label: "form",
    })),
  },
  {
    weight: 2,
    arbitrary: formPairs.map((pairs): Body => {
      const boundary = "fuzzboundary";
      const parts = pairs.map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "")}"\r\n\r\n${value}\r\n`,
      );
      return {
        contentType: `multipart/form-data; boundary=${boundary}`,
        bytes: Buffer.from(`${parts.join("")}--${boundary}--\r\n`),
        label: "multipart",
      };
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constant<Body>({
      contentType: "multipart/form-data; boundary=b",
      bytes: Buffer.from(
        '--b\r\nContent-Disposition: form-data; name="f"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nfile\r\n--b--\r\n',
      ),
      label: "file upload",
    }),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(fieldObject, fc.constantFrom(...CONTENT_TYPES)).map(([value, type]): Body => ({
      contentType: type || undefined,
      bytes: Buffer.from(JSON.stringify(value)),
      label: `json as ${type || "nothing"}`,
    })),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.uint8Array({ maxLength: 300 }), fc.constantFrom(...CONTENT_TYPES)).map(([bytes, type]): Body => ({
      contentType: type || undefined,
      bytes: Buffer.from(bytes),
      label: `random bytes as ${type || "nothing"}`,
    })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 33, max: 30_000 }).map((depth): Body => ({
      contentType: "application/json",
      bytes: Buffer.from("[".repeat(depth) + "]".repeat(depth)),
      label: `JSON ${depth} deep`,
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("application/json", "application/x-www-form-urlencoded")
      .map((type): Body => ({ contentType: type, bytes: Buffer.alloc(300 * 1024, 0x61), label: "300 KB" })),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** Invalid UTF-8 spliced into a body: a stray continuation byte, a cut sequence, an encoded surrogate. */
const withInvalidUtf8 = fc
  .tuple(body, fc.boolean(), fc.nat(), fc.constantFrom([0xff], [0xc3], [0xed, 0xa0, 0x80], [0x00]))
  .map(([value, corrupt, at, bytes]) => {
    if (!value || !corrupt || value.bytes.length === 0) return value;
    const index = at % value.bytes.length;
    return {
      ...value,
      bytes: Buffer.concat([value.bytes.subarray(0, index), Buffer.from(bytes), value.bytes.subarray(index)]),
      label: `${value.label} + invalid UTF-8`,
    };
  });

const ODD_METHODS = [
  "GET",
  "HEAD",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "TRACE",
  "PROPFIND",
  "MKCOL",
  "COPY",
  "MOVE",
  "LOCK",
  "UNLOCK",
  "SEARCH",
  "PURGE",
  "REPORT",
];
const method = fc.oneof({ weight: 6, arbitrary: fc.constant("POST") }, { weight: 2, arbitrary: fc.constantFrom(...ODD_METHODS) });

/** A path segment: ordinary, or any bytes percent-encoded (NUL, invalid UTF-8, slashes). */
const segment = fc.oneof(
  fc.constantFrom(
    "lawsecai",
    "00000000-0000-4000-8000-000000000000",
    "x.eml",
    "a",
    "sign-in/email",
    "request-password-reset",
    "two-factor/verify-totp",
  ),
  fc
    .uint8Array({ minLength: 1, maxLength: 10 })
    .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("")),
  hostileText.map((text) => encodeURIComponent(text.toWellFormed().slice(0, 50)) || "x"),
);

const query = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...FIELD_NAMES), hostileText),
      fc.oneof(
        hostileText,
        fc.uint8Array({ maxLength: 8 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) =>
    pairs.map(([key, value]) => `${encodeURIComponent(key.toWellFormed())}=${encodeURIComponent(value.toWellFormed())}`).join("&"),
  );

function fill(pattern: string, segments: string[]): string {
  let next = 0;
  return pattern.replace(/:(\w+)\?|:(\w+)|\*/g, (match) => {
    const value = segments[next++ % segments.length]!;
    return match.endsWith("?") && value === "a" ? "" : value;
  });
}

/** Routes the Express app answers before React Router (server/app.ts): the page-view beacon, health and metrics. */
const SERVER_ROUTES: RouteInfo[] = [
  { id: "server/page-view-beacon", pattern: "/a/e", hasAction: true, hasLoader: false, isApi: false },
  { id: "server/healthz", pattern: "/healthz", hasAction: false, hasLoader: true, isApi: false },
  { id: "server/metrics", pattern: "/metrics", hasAction: false, hasLoader: true, isApi: false },
];

const ORIGINS = [undefined, "own", "https://evil.example", "null", "not a url"] as const;

type Generated = {
  method: string;
  path: string;
  body: Body | undefined;
  chunked: boolean;
  origin: (typeof ORIGINS)[number];
  ip: string;
  admin: boolean;
  garbageCookie: string | undefined;
};

function requestFor(route: RouteInfo, kind: "body" | "query"): fc.Arbitrary<Generated> {
  return fc.record({
    method: kind === "body" ? method : fc.constantFrom("GET", "HEAD"),
    path: fc.tuple(fc.array(segment, { minLength: 1, maxLength: 3 }), fc.option(query, { nil: undefined })).map(([segments, search]) => {
      const path = fill(route.pattern, segments);
      return search === undefined ? path : `${path}?${search}`;
    }),
    body: kind === "body" ? withInvalidUtf8 : fc.constant(undefined),
    chunked: fc.boolean(),
    origin: fc.constantFrom(...ORIGINS),
    ip: fc.oneof(
      fc.ipV4(),
      fc.ipV6(),
      fc.ipV4().map((ip) => `::ffff:${ip}`),
    ),
    admin: fc.boolean(),
    garbageCookie: fc.option(fc.constantFrom("toast=%00garbage", "cookie_consent=\u00ff", "nordlys.session_token=x.y.z", "a=b; ;;=;"), {
      nil: undefined,
    }),
  });
}

function toProbe(generated: Generated): ProbeRequest {
  const headers: Record<string, string> = { "X-Forwarded-For": generated.ip, "User-Agent": "nordlys-fuzz" };
  if (generated.body?.contentType !== undefined) headers["Content-Type"] = generated.body.contentType;
  if (generated.origin) headers.Origin = generated.origin === "own" ? server.url : generated.origin;
  const cookies = [generated.admin ? adminCookie : "", generated.garbageCookie ?? ""].filter(Boolean).join("; ");
  if (cookies) headers.Cookie = cookies;
  return {
    method: generated.method,
    path: generated.path,
    headers,
    body: generated.body?.bytes,
    chunked: generated.chunked,
    timeoutMs: 30_000,
  };
}

function describeRequest(generated: Generated): string {
  const bodyLabel = generated.body
    ? `${generated.body.label}, ${generated.body.bytes.length} bytes${generated.chunked ? ", chunked" : ""}`
    : "no body";
  return `${generated.method} ${generated.path.slice(0, 200)} (${bodyLabel}; origin ${generated.origin ?? "none"}${generated.admin ? "; as admin" : ""})`;
}

// ---------------------------------------------------------------- the test

describe("hostile requests to every route", () => {
  it("never get a 5xx, never go unanswered, and leave the server healthy", { timeout: 120_000 }, async () => {
    const routes = [...(await loadRouteTable()), ...SERVER_ROUTES];
    const bodyRoutes = routes.filter((route) => route.hasAction || route.isApi);
    // Signing out ends the fuzzer's admin session: last.
    bodyRoutes.sort((a, b) => Number(a.pattern === "/admin/sign-out") - Number(b.pattern === "/admin/sign-out"));
    const queryRoutes = routes.filter((route) => route.hasLoader || route.hasAction);
    expect(bodyRoutes.filter((route) => route.isApi).length).toBeGreaterThanOrEqual(15);
    expect(bodyRoutes.filter((route) => !route.isApi).length).toBeGreaterThanOrEqual(15);

    const deadline = Date.now() + BUDGET_MS;
    const counts = { requests: 0, byStatus: new Map<number, number>() };
    const failures: string[] = [];
    const plan = [
      ...bodyRoutes.map((route) => ({ route, kind: "body" as const, runs: RUNS_PER_BODY_ROUTE })),
      ...queryRoutes.map((route) => ({ route, kind: "query" as const, runs: RUNS_PER_QUERY_ROUTE })),
    ];
    for (const [index, { route, kind, runs }] of plan.entries()) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const send = async (generated: Generated) => {
        let response: ProbeResponse;
        try {
          response = await probe(server.url, toProbe(generated));
        } catch (error) {
          throw new Error(`${describeRequest(generated)}: no answer (${String(error)})`, { cause: error });
        }
        counts.requests++;
        counts.byStatus.set(response.status, (counts.byStatus.get(response.status) ?? 0) + 1);
        if (response.status >= 500) throw new Error(`${describeRequest(generated)}: ${response.status} ${response.body.slice(0, 300)}`);
      };
      const result = await fc.check(
        fc.asyncProperty(requestFor(route, kind), send),
        // Shrinking would replay requests against a server whose state has moved on: report the first failure as it is.
        {
          seed: SEED + index,
          numRuns: runs,
          endOnFailure: true,
          interruptAfterTimeLimit: Math.max(1, left / Math.max(1, plan.length - index)) * 3,
        },
      );
      if (result.failed && result.interrupted && result.numRuns === 0) {
        // The route's share of the time ran out before its first answer came (fast-check counts
        // that as a failure; on a busy machine it is the clock). One request, with the probe's own
        // time-out, says whether the route answers.
        const [sample] = fc.sample(requestFor(route, kind), { seed: SEED + index, numRuns: 1 });
        await send(sample!).catch((error: unknown) => failures.push(`${route.pattern} [${kind}]: ${String(error)}`));
      } else if (result.failed) {
        failures.push(`${route.pattern} [${kind}]: ${String(result.errorInstance)}`);
      }
      if (server.child.exitCode !== null) break;
    }

    process.stdout.write(
      `[fuzz] ${counts.requests} requests to ${bodyRoutes.length} body routes and ${queryRoutes.length} query routes in ${((BUDGET_MS - (deadline - Date.now())) / 1000).toFixed(1)} s; ` +
        `statuses: ${[...counts.byStatus]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(" ")}\n`,
    );
    expect(failures).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const errors = server
      .output()
      .split("\n")
      .filter((line) => /^\{"level":(50|60)/.test(line));
    expect(errors).toEqual([]);
    expect(counts.requests).toBeGreaterThan(200);
  });
});
