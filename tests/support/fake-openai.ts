import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local server speaking the OpenAI chat-completions protocol, standing in
 * for the AI provider in tests (point AI_BASE_URL at `fake.url`):
 *
 *   POST /v1/chat/completions   JSON, or SSE when the body has `stream: true`
 *   GET  /v1/models             the model list (also a readiness check)
 *
 * What it answers is up to the test: queue replies with `enqueue(...)` (used
 * first, in order) or set a `handler` that looks at the request. Every request
 * is recorded in `requests`, so tests can check the prompt the app sent.
 * Plain node:http, no dependencies, runnable by Node's type stripping.
 */

export type ChatMessage = { role: string; content: unknown };

export type ChatCompletionBody = {
  model?: string;
  messages?: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string; json_schema?: unknown };
  max_tokens?: number;
  temperature?: number;
  [key: string]: unknown;
};

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: ChatCompletionBody;
  stream: boolean;
  receivedAt: number;
  /** True when the client closed the connection before the answer was complete. */
  closedByClient: boolean;
  /** When the connection closed (Date.now()), by either side; undefined while it is open. */
  closedAt?: number;
  /** Bytes of answer body written so far (counted for `flood` replies). */
  bytesSent: number;
};

export type FakeReply =
  /** A normal answer. Streamed as `chunks` (default: word by word) when the request asks for a stream. */
  | {
      text: string;
      chunks?: string[];
      /** Wait this long before the first token (streams) or before answering (JSON). */
      firstTokenDelayMs?: number;
      /** Wait between stream chunks. */
      chunkDelayMs?: number;
      finishReason?: string;
      /**
       * The token usage to report (in the JSON answer, and in the stream's last chunk when
       * `stream_options.include_usage` is asked for); default 10 prompt tokens and one per
       * 4 characters of answer; `false` reports none, as some providers do.
       */
      usage?: { promptTokens: number; completionTokens: number } | false;
    }
  /** An HTTP error answer with OpenAI's error body. */
  | { status: number; message?: string; type?: string; code?: string | null; headers?: Record<string, string> }
  /** A stream that sends some text, then an error chunk (`data: {"error": {...}}`), then ends. */
  | { streamError: { message: string; type?: string; code?: string | null }; textBefore?: string }
  /** Never answers (the client's timeout must fire); the connection stays open until the client gives up. */
  | { hang: true }
  /**
   * A runaway answer: `bytes` of body, as fast as the client reads it (with
   * backpressure, so this process stays small), `pieceChars` characters of
   * text per stream chunk; as one JSON answer when no stream was asked for.
   */
  | { flood: { bytes: number; pieceChars?: number } };

export type FakeHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

export type FakeOpenAI = {
  /** Base URL for AI_BASE_URL, ending in /v1. */
  url: string;
  port: number;
  /** Every chat-completions request received, oldest first. */
  requests: RecordedRequest[];
  /** Replies used before the handler, first in first out. */
  enqueue: (...replies: FakeReply[]) => void;
  setHandler: (handler: FakeHandler) => void;
  /** Forgets recorded requests and queued replies; restores the default handler. */
  reset: () => void;
  close: () => Promise<void>;
};

/** The text of the last user message of a request. */
export function lastUserText(request: RecordedRequest): string {
  const messages = request.body.messages ?? [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === "user") return contentText(message.content);
  }
  return "";
}

/** The system messages of a request, as text. */
export function systemTexts(request: RecordedRequest): string[] {
  return (request.body.messages ?? []).filter((m) => m.role === "system").map((m) => contentText(m.content));
}

export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part: { text?: unknown }) => (typeof part?.text === "string" ? part.text : "")).join("");
  }
  return "";
}

export const defaultFakeHandler: FakeHandler = (request) => ({ text: `Fake reply to: ${lastUserText(request)}` });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Splits a text into word-sized stream chunks that join back to the text. */
export function wordChunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [text];
}

export async function startFakeOpenAI(options: { port?: number; host?: string; handler?: FakeHandler } = {}): Promise<FakeOpenAI> {
  const host = options.host ?? "127.0.0.1";
  let handler: FakeHandler = options.handler ?? defaultFakeHandler;
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  let counter = 0;

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { message: `fake server failure: ${String(error)}`, type: "server_error" } }));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (req.method === "GET" && path.endsWith("/models")) {
      sendJson(res, 200, { object: "list", data: [{ id: "fake-model", object: "model", created: 0, owned_by: "tests" }] });
      return;
    }
    if (req.method !== "POST" || !path.endsWith("/chat/completions")) {
      sendJson(res, 404, { error: { message: `Unknown path ${path}`, type: "invalid_request_error", code: null } });
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: ChatCompletionBody;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatCompletionBody;
    } catch {
      sendJson(res, 400, { error: { message: "Invalid JSON body", type: "invalid_request_error", code: null } });
      return;
    }
    const recorded: RecordedRequest = {
      method: req.method,
      path,
      headers: req.headers,
      body,
      stream: body.stream === true,
      receivedAt: Date.now(),
      closedByClient: false,
      bytesSent: 0,
    };
    requests.push(recorded);
    res.on("close", () => {
      recorded.closedAt = Date.now();
      if (!res.writableFinished) recorded.closedByClient = true;
    });
    const reply = queue.shift() ?? (await handler(recorded));
    const id = `chatcmpl-fake-${++counter}`;
    const model = body.model ?? "fake-model";

    if ("hang" in reply) {
      // Answer nothing; end when the client closes the connection.
      await new Promise<void>((resolve) => res.on("close", () => resolve()));
      return;
    }
    if ("flood" in reply) {
      await flood(res, recorded, reply.flood, id, model);
      return;
    }
    if ("status" in reply) {
      res.writeHead(reply.status, { "Content-Type": "application/json", ...reply.headers });
      res.end(
        JSON.stringify({
          error: { message: reply.message ?? `Fake error ${reply.status}`, type: reply.type ?? "server_error", code: reply.code ?? null },
        }),
      );
      return;
    }

    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
      id,
      object: "chat.completion.chunk",
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });

    if ("streamError" in reply) {
      if (!recorded.stream) {
        sendJson(res, 500, { error: { message: reply.streamError.message, type: reply.streamError.type ?? "server_error", code: null } });
        return;
      }
      startStream(res);
      writeEvent(res, chunk({ role: "assistant", content: "" }));
      for (const piece of wordChunks(reply.textBefore ?? "")) if (piece) writeEvent(res, chunk({ content: piece }));
      writeEvent(res, {
        error: { message: reply.streamError.message, type: reply.streamError.type ?? "server_error", code: reply.streamError.code ?? null },
      });
      res.end();
      return;
    }

    const usage =
      reply.usage === false
        ? undefined
        : {
            prompt_tokens: reply.usage?.promptTokens ?? 10,
            completion_tokens: reply.usage?.completionTokens ?? Math.max(1, Math.ceil(reply.text.length / 4)),
            total_tokens: 0,
          };
    if (usage) usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    if (reply.firstTokenDelayMs) await sleep(reply.firstTokenDelayMs);
    if (res.destroyed) return;

    if (!recorded.stream) {
      sendJson(res, 200, {
        id,
        object: "chat.completion",
        created,
        model,
        choices: [{ index: 0, message: { role: "assistant", content: reply.text }, finish_reason: reply.finishReason ?? "stop" }],
        ...(usage ? { usage } : {}),
      });
      return;
    }

    startStream(res);
    writeEvent(res, chunk({ role: "assistant", content: "" }));
    const pieces = reply.chunks ?? wordChunks(reply.text);
    for (const [index, piece] of pieces.entries()) {
      if (index > 0 && reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
      if (res.destroyed) return;
      writeEvent(res, chunk({ content: piece }));
    }
    writeEvent(res, chunk({}, reply.finishReason ?? "stop"));
    if (body.stream_options?.include_usage && usage) {
      writeEvent(res, { id, object: "chat.completion.chunk", created, model, choices: [], usage });
    }
    res.write("data: [DONE]\n\n");
    res.end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${host}:${port}/v1`,
    port,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    setHandler: (next) => {
      handler = next;
    },
    reset: () => {
      requests.length = 0;
      queue.length = 0;
      handler = options.handler ?? defaultFakeHandler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes `text`; when the socket's buffer is full, waits until it drains or the connection closes. */
async function writeWithBackpressure(res: http.ServerResponse, recorded: RecordedRequest, text: string): Promise<void> {
  recorded.bytesSent += Buffer.byteLength(text);
  if (res.write(text)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/** The `flood` reply: `bytes` of answer, streamed as chunks or as one JSON body, until done or the client leaves. */
async function flood(
  res: http.ServerResponse,
  recorded: RecordedRequest,
  options: { bytes: number; pieceChars?: number },
  id: string,
  model: string,
) {
  const created = Math.floor(Date.now() / 1000);
  const piece = "x".repeat(options.pieceChars ?? 1000);
  if (recorded.stream) {
    startStream(res);
    const event = `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`;
    while (recorded.bytesSent < options.bytes && !res.destroyed) await writeWithBackpressure(res, recorded, event);
    if (!res.destroyed) res.end("data: [DONE]\n\n");
    return;
  }
  res.writeHead(200, { "Content-Type": "application/json" });
  await writeWithBackpressure(
    res,
    recorded,
    `{"id":"${id}","object":"chat.completion","created":${created},"model":"${model}","choices":[{"index":0,"message":{"role":"assistant","content":"`,
  );
  const block = "x".repeat(64 * 1024);
  while (recorded.bytesSent < options.bytes && !res.destroyed) await writeWithBackpressure(res, recorded, block);
  if (!res.destroyed) res.end(`"},"finish_reason":"stop"}]}`);
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

function startStream(res: http.ServerResponse) {
  res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
  res.flushHeaders();
}

function writeEvent(res: http.ServerResponse, data: unknown) {
  res.write(`data: ${JSON.stringify(data)}\n\n`);
}
