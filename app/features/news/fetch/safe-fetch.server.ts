import type { Readable, Transform } from "node:stream";
import zlib from "node:zlib";
import { request, type Dispatcher } from "undici";
import { addressFilter, checkUrl, createGuardedAgent, isBlockedAddressError, isPublicAddress } from "~/.server/address-guard";

/**
 * HTTP GET for feeds and article pages, polite and safe:
 * - refuses private, loopback, link-local (and other non-public) addresses at
 *   connect time: the DNS answer is filtered before connecting and the socket's
 *   peer address is checked again once connected; IP-literal URLs are checked
 *   before anything is sent. Redirects are followed by hand, each hop going
 *   through the same checks.
 * - one deadline for the whole exchange (redirects and body included),
 * - a cap on the body size, applied while streaming (after decompression),
 * - conditional GET (ETag / Last-Modified), 304 answered without a body,
 * - Retry-After of 429/503 reported to the caller.
 */

export type FetchErrorKind = "blocked" | "timeout" | "too-large" | "http" | "network" | "redirect" | "unsupported";

export class FetchError extends Error {
  constructor(
    readonly kind: FetchErrorKind,
    message: string,
    readonly details: { status?: number; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = "FetchError";
  }
}

export { isPublicAddress };

export type FetcherOptions = {
  /** Skip the address checks (tests with loopback fixture servers: NEWS_ALLOW_PRIVATE_HOSTS). */
  allowPrivate?: boolean;
  /** Which peer addresses may be contacted; default: public unicast only. */
  isAllowedAddress?: (address: string) => boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  /** Concurrent connections per origin. */
  connectionsPerOrigin?: number;
};

export type ConditionalHeaders = { etag?: string | null; lastModified?: string | null };

export type FetchResult =
  | { status: 304; url: string; etag: string | null; lastModified: string | null }
  | { status: 200; url: string; body: string; contentType: string; etag: string | null; lastModified: string | null };

export type SafeFetcher = {
  get(url: string, options?: ConditionalHeaders & { accept?: string }): Promise<FetchResult>;
  close(): Promise<void>;
};

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function header(headers: Dispatcher.ResponseData["headers"], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function decoderFor(contentType: string, head: Buffer): TextDecoder {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(head.toString("latin1"))?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(head.toString("latin1"))?.[1];
  try {
    return new TextDecoder(declared ?? "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

function decompressor(encoding: string | undefined): Transform | null {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "":
    case "identity":
      return null;
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      throw new FetchError("unsupported", `Unsupported Content-Encoding "${encoding}"`);
  }
}

/** Drops a body we will not read (undici reports the abort as an error event: keep it quiet). */
function discard(body: Readable): void {
  body.on("error", () => undefined);
  body.destroy();
}

async function readCapped(body: Readable, encoding: string | undefined, maxBytes: number): Promise<Buffer> {
  const inflate = decompressor(encoding);
  if (inflate) body.on("error", (error) => inflate.destroy(error));
  const stream: AsyncIterable<Buffer> = inflate ? body.pipe(inflate) : body;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        throw new FetchError("too-large", `Response body is larger than ${maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
  } finally {
    if (!body.destroyed) discard(body);
    inflate?.destroy();
  }
  return Buffer.concat(chunks);
}

export function createSafeFetcher(options: FetcherOptions = {}): SafeFetcher {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? 5;
  const isAllowed = addressFilter(options);
  const userAgent = options.userAgent ?? "NordlysNewsBot/1.0";

  const agent = createGuardedAgent(isAllowed, { connectTimeoutMs: timeoutMs, connections: options.connectionsPerOrigin ?? 2 });

  async function get(url: string, conditional: ConditionalHeaders & { accept?: string } = {}): Promise<FetchResult> {
    const signal = AbortSignal.timeout(timeoutMs);
    let current = url;
    try {
      for (let hop = 0; ; hop++) {
        const target = new URL(current);
        const refused = checkUrl(target, isAllowed);
        if (refused) throw new FetchError("blocked", refused);
        const headers: Record<string, string> = {
          "user-agent": userAgent,
          accept:
            conditional.accept ??
            "application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5",
          "accept-encoding": "gzip, deflate, br",
        };
        if (conditional.etag) headers["if-none-match"] = conditional.etag;
        if (conditional.lastModified) headers["if-modified-since"] = conditional.lastModified;

        const response = await request(target, {
          method: "GET",
          headers,
          dispatcher: agent,
          signal,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        const status = response.statusCode;

        if (REDIRECTS.has(status)) {
          discard(response.body);
          const location = header(response.headers, "location");
          if (!location) throw new FetchError("redirect", `HTTP ${status} without a Location header`, { status });
          if (hop >= maxRedirects) throw new FetchError("redirect", `More than ${maxRedirects} redirects`, { status });
          current = new URL(location, target).toString();
          continue;
        }

        const etag = header(response.headers, "etag") ?? null;
        const lastModified = header(response.headers, "last-modified") ?? null;
        if (status === 304) {
          discard(response.body);
          return {
            status: 304,
            url: current,
            etag: etag ?? conditional.etag ?? null,
            lastModified: lastModified ?? conditional.lastModified ?? null,
          };
        }
        if (status < 200 || status >= 300) {
          discard(response.body);
          throw new FetchError("http", `HTTP ${status}`, {
            status,
            retryAfterSeconds: status === 429 || status === 503 ? parseRetryAfter(header(response.headers, "retry-after")) : undefined,
          });
        }

        const declared = Number(header(response.headers, "content-length") ?? NaN);
        if (Number.isFinite(declared) && declared > maxBytes) {
          discard(response.body);
          throw new FetchError("too-large", `Response body is larger than ${maxBytes} bytes (Content-Length ${declared})`);
        }
        const contentType = header(response.headers, "content-type") ?? "";
        const bytes = await readCapped(response.body, header(response.headers, "content-encoding"), maxBytes);
        const body = decoderFor(contentType, bytes.subarray(0, 1024)).decode(bytes);
        return { status: 200, url: current, body, contentType, etag, lastModified };
      }
    } catch (error) {
      if (error instanceof FetchError) throw error;
      if (isBlockedAddressError(error)) {
        throw new FetchError(
          "blocked",
          (error as Error).message.includes("Refused") ? (error as Error).message : "Refused to connect: not a public address",
          { cause: error },
        );
      }
      if (
        signal.aborted ||
        (error as { name?: string }).name === "TimeoutError" ||
        (error as { code?: string }).code?.includes("TIMEOUT")
      ) {
        throw new FetchError("timeout", `No complete answer within ${timeoutMs} ms`, { cause: error });
      }
      throw new FetchError("network", (error as Error).message || "Network error", { cause: error });
    }
  }

  return { get, close: () => agent.close() };
}
