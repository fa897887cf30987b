import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StreamRequestError, streamJsonEvents } from "./stream-json-events";

/**
 * The shared streaming client against a real local HTTP server that answers
 * each path the way the site's streaming endpoints do (or fail).
 */
const answers: Record<string, (res: http.ServerResponse, body: string) => void> = {
  "/text": (res, body) => {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    // Split mid-event to check the parser joins chunks.
    res.write('data: {"type":"delta","text":"Hel"}\n\ndata: {"type":"del');
    setTimeout(() => {
      res.write('ta","text":"lo"}\n\n: keep-alive\n\ndata: not json\n\n');
      res.end(`data: ${JSON.stringify({ type: "done", value: { content: "Hello", echo: JSON.parse(body) } })}\n\n`);
    }, 10);
  },
  "/partial": (res) => {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.write('data: {"type":"partial","value":{"titles":["A"]}}\n\n');
    res.end('data: {"type":"partial","value":{"titles":["A","B"]}}\n\ndata: {"type":"done","value":{"titles":["A","B"]}}\n\n');
  },
  "/error-event": (res) => {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.end('data: {"type":"delta","text":"Hi"}\n\ndata: {"type":"error","error":"The answer was interrupted. Please try again."}\n\n');
  },
  "/cut": (res) => {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.end('data: {"type":"delta","text":"Hi"}\n\n');
  },
  "/429": (res) => {
    res.writeHead(429, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ error: "Too many requests. Please wait a few minutes." }));
  },
  "/502-html": (res) => {
    res.writeHead(502, { "Content-Type": "text/html" });
    res.end("<h1>Bad gateway</h1>");
  },
};

let server: http.Server;
let base: string;
const received: Array<{ method?: string; type?: string; accept?: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ method: req.method, type: req.headers["content-type"], accept: req.headers.accept });
      answers[req.url ?? ""]?.(res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(promise: Promise<unknown>): Promise<StreamRequestError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StreamRequestError);
  return error as StreamRequestError;
}

describe("streamJsonEvents", () => {
  it("posts JSON, hands over each delta, and resolves with the done value", async () => {
    const deltas: string[] = [];
    const result = await streamJsonEvents<{ content: string; echo: unknown }>(
      `${base}/text`,
      { question: "hi" },
      { onDelta: (text) => deltas.push(text) },
    );
    expect(deltas).toEqual(["Hel", "lo"]);
    expect(result).toEqual({ content: "Hello", echo: { question: "hi" } });
    expect(received.at(-1)).toEqual({ method: "POST", type: "application/json", accept: "text/event-stream" });
  });

  it("hands over structured results so far", async () => {
    const partials: unknown[] = [];
    const result = await streamJsonEvents(`${base}/partial`, {}, { onPartial: (value) => partials.push(value) });
    expect(partials).toEqual([{ titles: ["A"] }, { titles: ["A", "B"] }]);
    expect(result).toEqual({ titles: ["A", "B"] });
  });

  it("throws the server's message for an error event, or an error answer", async () => {
    expect((await failure(streamJsonEvents(`${base}/error-event`, {}))).serverMessage).toBe(
      "The answer was interrupted. Please try again.",
    );
    const limited = await failure(streamJsonEvents(`${base}/429`, {}));
    expect([limited.status, limited.serverMessage]).toEqual([429, "Too many requests. Please wait a few minutes."]);
  });

  it("throws without a server message when the answer is not ours or the stream ends without a result", async () => {
    const gateway = await failure(streamJsonEvents(`${base}/502-html`, {}));
    expect([gateway.status, gateway.serverMessage]).toEqual([502, undefined]);
    expect((await failure(streamJsonEvents(`${base}/cut`, {}))).serverMessage).toBeUndefined();
  });
});
