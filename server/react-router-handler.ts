import { writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler as createReactRouterHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { cleanedBodyOf } from "./body-guard.ts";

/**
 * Express → React Router, on React Router's own adapter API
 * (`createRequestHandler(build, mode)`: a Fetch Request in, a Response out).
 *
 * It does what @react-router/express does, with one difference: the body
 * handed to the routes is the one the body guard has already read, capped
 * and cleaned (server/body-guard.ts), never the raw socket. Upgrade
 * checklist: compare with @react-router/express's createRemixRequest and
 * sendRemixResponse (URL, headers, abort on close, event streams).
 */

const HOST = /^(?:[\w](?:[\w-]{0,61}[\w])?(?:\.[\w](?:[\w-]{0,61}[\w])?)*\.?|\[[0-9a-f:.]+\])$/i;

function splitHost(host: string): { hostname: string; port: number | undefined } {
  const match = /^(.*?)(?::(\d{1,5}))?$/.exec(host);
  return { hostname: match?.[1] ?? "", port: match?.[2] === undefined ? undefined : Number(match[2]) };
}

/** A Host (or X-Forwarded-Host) header the site takes: a host name or bracketed IPv6 address, and a port in range. */
function isValidHost(host: string): boolean {
  const { hostname, port } = splitHost(host);
  if (!HOST.test(hostname) || (port !== undefined && (port < 1 || port > 65_535))) return false;
  return URL.canParse(`http://${hostname}${port === undefined ? "" : `:${port}`}/`);
}

/** The request's URL as the routes see it (Host, or X-Forwarded-Host behind a trusted proxy); null for a malformed Host. */
export function requestUrl(req: express.Request): URL | null {
  const forwarded = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host")?.split(",")[0]?.trim() : undefined;
  const host = forwarded || req.get("Host") || "localhost";
  const { hostname, port } = splitHost(host);
  if (!isValidHost(host)) return null;
  if (req.protocol !== "http" && req.protocol !== "https") return null;
  if (!req.originalUrl.startsWith("/")) return null;
  try {
    return new URL(`${req.protocol}://${hostname}${port === undefined ? "" : `:${port}`}${req.originalUrl}`);
  } catch {
    return null;
  }
}

/**
 * Aborts when the visitor's socket closes before the response is complete.
 * The listener on `res` holds the controller, so the signal stays tied to the
 * socket for as long as the response lives; the routes get it both as
 * Request.signal and, directly, in the request context (`connectionClosed`),
 * because Request.signal follows it only through a weak link (decision 0175).
 */
function connectionClosedSignal(res: express.Response): AbortSignal {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

function fetchRequest(req: express.Request, url: URL, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const init: RequestInit = { method: req.method, headers, signal };
  const body = cleanedBodyOf(req);
  if (body && req.method !== "GET" && req.method !== "HEAD") {
    headers.delete("Transfer-Encoding");
    headers.delete("Content-Encoding");
    headers.set("Content-Length", String(body.bytes.byteLength));
    headers.set("Content-Type", body.contentType);
    init.body = body.bytes;
  }
  return new Request(url, init);
}

async function sendResponse(res: express.Response, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

export function createRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** `connectionClosed` aborts when the visitor's socket closes first: put it in the request context. */
  getLoadContext: (req: express.Request, connectionClosed: AbortSignal) => RouterContextProvider;
}): express.RequestHandler {
  const handle = createReactRouterHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const url = requestUrl(req);
      if (!url) throw Object.assign(new Error("Malformed Host header"), { status: 400, expose: true });
      const connectionClosed = connectionClosedSignal(res);
      await sendResponse(res, await handle(fetchRequest(req, url, connectionClosed), options.getLoadContext(req, connectionClosed)));
    } catch (error) {
      next(error);
    }
  };
}
