/**
 * How much time the app adds before a streamed AI reply starts to appear.
 *
 *   npm run build && npm run bench:ai
 *
 * Starts the fake OpenAI-compatible provider with a fixed first-token delay,
 * runs the production server against it (embedded database), and measures for
 * POST /api/ai-chat/stream: time to the response headers, time to the first
 * `delta` event, and the whole reply. Prints median and p95 in milliseconds,
 * and the overhead over the provider's own first-token time.
 */
import fs from "node:fs/promises";
import { startFakeOpenAI } from "../tests/support/fake-openai.ts";
import { makeDataDir, startServer } from "../tests/support/server-process.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const FIRST_TOKEN_MS = Number(process.env.BENCH_FIRST_TOKEN_MS ?? 300);

const fake = await startFakeOpenAI({
  handler: () => ({
    text: "Here is a short plan for your Monday: emails first, then the roadmap review, then lunch.",
    firstTokenDelayMs: FIRST_TOKEN_MS,
    chunkDelayMs: 5,
  }),
});
const dataDir = await makeDataDir("nordlys-bench-");
const server = await startServer({ DATA_DIR: dataDir, AI_BASE_URL: fake.url, AI_MODEL: "bench-model", AI_DAILY_REQUEST_BUDGET: "100000" });

const headers: number[] = [];
const firstDelta: number[] = [];
const total: number[] = [];
try {
  for (let i = 0; i < RUNS + 3; i++) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/ai-chat/stream`, {
      method: "POST",
      // A different client per request, so the per-IP limit does not stop the benchmark.
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `192.0.2.${(i % 250) + 1}` },
      body: JSON.stringify({ messages: [{ role: "user", content: "Plan my Monday" }] }),
    });
    const gotHeaders = performance.now();
    if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    let gotDelta: number | undefined;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      if (gotDelta === undefined && buffer.includes('"type":"delta"')) gotDelta = performance.now();
    }
    if (i < 3) continue; // warm-up
    headers.push(gotHeaders - started);
    firstDelta.push((gotDelta ?? Number.NaN) - started);
    total.push(performance.now() - started);
  }
} finally {
  await server.stop();
  await fake.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const row = (name: string, values: number[]) =>
  `${name.padEnd(22)} median ${percentile(values, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(values, 95).toFixed(1).padStart(7)} ms`;

const print = (line: string) => process.stdout.write(`${line}\n`);
print(`AI stream latency, ${RUNS} requests, provider first token after ${FIRST_TOKEN_MS} ms`);
print(row("response headers", headers));
print(row("first delta event", firstDelta));
print(row("whole reply", total));
print(`overhead over the provider's first token (median): ${(percentile(firstDelta, 50) - FIRST_TOKEN_MS).toFixed(1)} ms`);
