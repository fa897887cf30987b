import fs from "node:fs/promises";
import http from "node:http";
import net from "node:net";

/**
 * Requests as hostile clients send them, which fetch() will not: any method
 * (TRACE...), any Host, chunked bodies without a length, raw bytes that are
 * not UTF-8, uploads that go on after the server has answered.
 */

export type ProbeResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

export type ProbeRequest = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  /** Send the body with Transfer-Encoding: chunked and no Content-Length. */
  chunked?: boolean;
  timeoutMs?: number;
};

export function probe(baseUrl: string, request: ProbeRequest): Promise<ProbeResponse> {
  const url = new URL(baseUrl);
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const headers: Record<string, string> = { ...request.headers };
  if (body && request.chunked) headers["Transfer-Encoding"] = "chunked";
  else if (body) headers["Content-Length"] = String(body.byteLength);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers,
        agent: false,
        setHost: !("Host" in headers),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.setTimeout(request.timeoutMs ?? 20_000, () => req.destroy(new Error(`${request.method} ${request.path}: no answer in time`)));
    req.on("error", reject);
    if (body && request.chunked) {
      // Several chunks, so the server cannot know the length from the first one.
      const step = Math.max(1, Math.ceil(body.byteLength / 3));
      for (let offset = 0; offset < body.byteLength; offset += step) req.write(body.subarray(offset, offset + step));
      req.end();
    } else {
      req.end(body);
    }
  });
}

/** Sends one raw request head (and optional bytes) and returns the status line of the answer. */
export function rawStatusLine(baseUrl: string, raw: string): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(raw));
    let answer = "";
    socket.setTimeout(20_000, () => socket.destroy(new Error("no answer in time")));
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      const end = answer.indexOf("\r\n");
      if (end !== -1) {
        resolve(answer.slice(0, end));
        socket.destroy();
      }
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(answer.slice(0, answer.indexOf("\r\n"))));
  });
}

/** The resident memory of a process, from /proc (kB). */
export async function residentKb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
}

export type UploadResult = {
  /** The answer's status line, as soon as it arrived (the server may answer before the body ends). */
  statusLine: string;
  /** Body bytes the socket took before the server stopped taking them. */
  sentBytes: number;
  /** Highest resident memory of `watchPid` seen while sending (kB). */
  peakKb: number;
};

/**
 * Uploads `totalBytes` as a chunked body in 1 MB chunks, like a client that
 * ignores an early answer and keeps sending, until the body is sent or the
 * server closes the connection. Samples the server's memory as it goes.
 */
export async function chunkedUpload(
  baseUrl: string,
  options: {
    path: string;
    contentType: string;
    totalBytes: number;
    watchPid: number;
    headers?: Record<string, string>;
    /** Reads nothing of the answer for this long (a busy client): the answer must still be there when it looks. */
    readAfterMs?: number;
  },
): Promise<UploadResult> {
  const url = new URL(baseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let answer = "";
  let closed = false;
  socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
  if (options.readAfterMs) {
    socket.pause();
    setTimeout(() => socket.resume(), options.readAfterMs).unref();
  }
  socket.on("error", () => (closed = true));
  socket.on("close", () => (closed = true));
  const extra = Object.entries(options.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.write(
    `POST ${options.path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: ${options.contentType}\r\n${extra}` +
      `Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
  );
  const chunk = Buffer.alloc(1024 * 1024, "a");
  const framed = Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
  let sentBytes = 0;
  let peakKb = await residentKb(options.watchPid);
  while (sentBytes < options.totalBytes && !closed) {
    const flushed = socket.write(framed);
    sentBytes += chunk.byteLength;
    if (!flushed) {
      await new Promise<void>((resolve) => {
        socket.once("drain", resolve);
        socket.once("close", resolve);
      });
    }
    peakKb = Math.max(peakKb, await residentKb(options.watchPid));
  }
  if (!closed) socket.end("0\r\n\r\n");
  await new Promise<void>((resolve) => (closed ? resolve() : socket.once("close", () => resolve())));
  peakKb = Math.max(peakKb, await residentKb(options.watchPid));
  return { statusLine: answer.slice(0, answer.indexOf("\r\n")), sentBytes, peakKb };
}
