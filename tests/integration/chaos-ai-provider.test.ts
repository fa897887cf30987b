import fs from "node:fs/promises";
import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI, type RecordedRequest } from "../support/fake-openai";
import { makeDataDir, startServer, type ServerProcess } from "../support/server-process";

/**
 * An AI provider that misbehaves, against the production server (a real
 * socket per visitor) and a local server speaking the OpenAI protocol
 * (decision 0175): one that streams a character a second, one that never
 * stops talking. Whatever it does, a visitor who leaves closes its
 * connection within two seconds, no answer outlives AI_STREAM_TIMEOUT_SECONDS,
 * no more than AI_MAX_ANSWER_CHARS reach the visitor, and the server stays small.
 * CHAOS_FIGURES=1 prints the figures measured (close delays, bytes, RSS).
 */
const DEADLINE_SECONDS = 8;
const MAX_ANSWER_CHARS = 16_000;
const TOO_LONG = "The answer grew too long and was stopped. Please try again with a narrower request.";
const TOOK_TOO_LONG = "The answer took too long and was stopped. Please try again.";

const figure = (text: string) => {
  if (process.env.CHAOS_FIGURES) process.stdout.write(`chaos figure: ${text}\n`);
};

let fake: FakeOpenAI;
let server: ServerProcess;
let dataDir: string;

/** A provider streaming one character a second (JSON answers: one after a minute). */
const slowProvider = (request: RecordedRequest) => {
  const text = "One slow character at a time, for a whole minute of waiting.";
  return request.stream ? { text, chunks: [...text], chunkDelayMs: 1000 } : { text, firstTokenDelayMs: 60_000 };
};

beforeAll(async () => {
  fake = await startFakeOpenAI();
  dataDir = await makeDataDir();
  server = await startServer({
    DATA_DIR: dataDir,
    AI_BASE_URL: fake.url,
    AI_MODEL: "fake-model",
    AI_API_KEY: "",
    AI_STREAM_TIMEOUT_SECONDS: String(DEADLINE_SECONDS),
    AI_MAX_ANSWER_CHARS: String(MAX_ANSWER_CHARS),
  });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await fake?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

beforeEach(() => fake.reset());

/** A visitor on a socket of their own: the request is sent, `leave()` closes the socket. */
function visit(path: string, body: unknown) {
  const url = new URL(path, server.url);
  let received = "";
  const request = http.request(url, { method: "POST", headers: { "Content-Type": "application/json", Connection: "close" }, agent: false });
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.on("response", resolve);
    request.on("error", reject);
  });
  request.end(JSON.stringify(body));
  const reading = response.then((message) => {
    message.setEncoding("utf8");
    message.on("data", (chunk: string) => (received += chunk));
    message.on("error", () => undefined);
    return message;
  });
  // Leaving before the answer fails the request ("socket hang up"): that is the point.
  reading.catch(() => undefined);
  return {
    leave: () => void request.destroy(),
    /** The response text so far (for streams: the events received). */
    received: () => received,
    response: reading,
  };
}

type StreamEvent = { type: string; text?: string; error?: string };

/** Reads a whole event stream over fetch. */
async function streamEvents(path: string, body: unknown): Promise<{ status: number; events: StreamEvent[] }> {
  const response = await fetch(server.url + path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const events = text
    .split("\n\n")
    .filter((block) => block.startsWith("data: "))
    .map((block) => JSON.parse(block.slice("data: ".length)) as StreamEvent);
  return { status: response.status, events };
}

/** Resident memory of the server process, in MB (Linux /proc). */
async function serverRssMb(): Promise<number> {
  const status = await fs.readFile(`/proc/${server.child.pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  return kb / 1024;
}

const question = { messages: [{ role: "user", content: "Tell me everything" }] };
/** `streaming`: the visitor leaves once text is on screen; `waiting`: before the provider's first token. */
const endpoints: Array<{ path: string; body: unknown; leaves: "streaming" | "waiting" }> = [
  { path: "/api/ai-chat/stream", body: question, leaves: "streaming" },
  {
    path: "/api/generate-content/stream",
    body: { task: "email", product: "Bread", audience: "Cafés", tone: "friendly" },
    leaves: "streaming",
  },
  { path: "/api/lead-chatbot/stream", body: question, leaves: "streaming" },
  { path: "/api/generate-content/stream", body: { task: "seo", topic: "Bakeries" }, leaves: "waiting" },
  { path: "/api/ai-chat", body: question, leaves: "waiting" },
  { path: "/api/generate-content", body: { task: "linkedin", topic: "Habits" }, leaves: "waiting" },
  { path: "/api/lead-chatbot", body: question, leaves: "waiting" },
];

describe("a provider that streams one character a second", () => {
  it.each(endpoints)(
    "closes the provider connection within 2 s of the visitor leaving $path while $leaves",
    async ({ path, body, leaves }) => {
      // Waiting: the provider takes a minute to its first token.
      fake.setHandler(leaves === "streaming" ? slowProvider : () => ({ text: "Late.", firstTokenDelayMs: 60_000 }));
      const visitor = visit(path, body);
      if (leaves === "streaming") {
        // The stream has started: the visitor has text on screen, then closes the tab.
        await visitor.response;
        await expect.poll(() => visitor.received(), { timeout: 30_000 }).toContain('"type":"delta"');
      } else {
        await expect.poll(() => fake.requests.length, { timeout: 30_000 }).toBe(1);
      }
      const provider = fake.requests[0]!;
      expect(provider.closedAt).toBeUndefined();
      const left = Date.now();
      visitor.leave();

      await expect.poll(() => provider.closedAt, { timeout: 2000, interval: 50 }).toBeDefined();
      expect(provider.closedByClient).toBe(true);
      expect(provider.closedAt! - left).toBeLessThan(2000);
      // The visitor leaving closed it, not the total deadline.
      expect(provider.closedAt! - provider.receivedAt).toBeLessThan((DEADLINE_SECONDS - 2) * 1000);
      expect(fake.requests).toHaveLength(1);
      figure(`${path} ${leaves}: provider closed ${provider.closedAt! - left} ms after the visitor left`);
    },
    60_000,
  );

  it("ends a stream at the total deadline with the product's message and closes the provider connection", async () => {
    fake.setHandler(slowProvider);
    const started = Date.now();
    const { status, events } = await streamEvents("/api/ai-chat/stream", question);
    const took = Date.now() - started;

    expect(status).toBe(200);
    const text = events
      .filter((event) => event.type === "delta")
      .map((event) => event.text)
      .join("");
    expect(text.length).toBeGreaterThan(2);
    expect(text.length).toBeLessThan(DEADLINE_SECONDS + 2);
    expect(events.at(-1)).toEqual({ type: "error", error: TOOK_TOO_LONG });
    expect(events.some((event) => event.type === "done")).toBe(false);
    expect(took).toBeGreaterThanOrEqual(DEADLINE_SECONDS * 1000 - 500);
    expect(took).toBeLessThan((DEADLINE_SECONDS + 5) * 1000);
    figure(`deadline: stream ended after ${took} ms with ${text.length} characters`);
    const provider = fake.requests[0]!;
    await expect.poll(() => provider.closedByClient, { timeout: 2000 }).toBe(true);
    expect(provider.closedAt! - provider.receivedAt).toBeLessThan((DEADLINE_SECONDS + 2) * 1000);
  });

  it("answers a JSON request whose provider outlasts the deadline with 503 'took too long'", async () => {
    fake.setHandler(slowProvider);
    const started = Date.now();
    const response = await fetch(server.url + "/api/ai-chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(question),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: "The AI service took too long to answer. Please try again." });
    expect(Date.now() - started).toBeLessThan((DEADLINE_SECONDS + 5) * 1000);
    await expect.poll(() => fake.requests.every((request) => request.closedAt !== undefined), { timeout: 2000 }).toBe(true);
  });
});

describe("a provider that sends 200 MB", () => {
  const FLOOD_BYTES = 200 * 1024 * 1024;

  it("relays at most the cap to the visitor, closes the provider connection early, and stays small", async () => {
    fake.setHandler(() => ({ flood: { bytes: FLOOD_BYTES } }));
    const rssBefore = await serverRssMb();

    for (const path of ["/api/ai-chat/stream", "/api/lead-chatbot/stream"]) {
      fake.reset();
      fake.setHandler(() => ({ flood: { bytes: FLOOD_BYTES } }));
      const { status, events } = await streamEvents(path, question);
      expect(status, path).toBe(200);
      const relayed = events
        .filter((event) => event.type === "delta")
        .map((event) => event.text)
        .join("");
      expect(relayed.length, path).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
      expect(relayed.length, path).toBeGreaterThan(MAX_ANSWER_CHARS / 2);
      expect(events.at(-1), path).toEqual({ type: "error", error: TOO_LONG });
      const provider = fake.requests[0]!;
      await expect.poll(() => provider.closedByClient, { timeout: 5000 }).toBe(true);
      expect(provider.bytesSent, path).toBeLessThan(20 * 1024 * 1024);
      figure(`flood ${path}: relayed ${relayed.length} chars, provider sent ${provider.bytesSent} bytes`);
    }

    fake.reset();
    fake.setHandler(() => ({ flood: { bytes: FLOOD_BYTES } }));
    const json = await fetch(server.url + "/api/ai-chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(question),
    });
    expect(json.status).toBe(502);
    expect(await json.json()).toMatchObject({ error: TOO_LONG });
    const provider = fake.requests[0]!;
    await expect.poll(() => provider.closedByClient, { timeout: 5000 }).toBe(true);
    expect(provider.bytesSent).toBeLessThan(20 * 1024 * 1024);

    const rssAfter = await serverRssMb();
    figure(`flood: RSS ${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} MB; JSON provider sent ${provider.bytesSent} bytes`);
    expect(rssAfter - rssBefore).toBeLessThan(100);
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(server.url + "/healthz")).status).toBe(200);
  }, 60_000);
});
