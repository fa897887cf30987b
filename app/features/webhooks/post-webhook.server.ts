import net from "node:net";
import type { Readable } from "node:stream";
import { request, type Agent } from "undici";
import { checkUrl, createGuardedAgent, isBlockedAddressError, isPublicAddress } from "~/.server/address-guard";

/**
 * One HTTP attempt of a webhook: POST through the address guard, 10 s for the whole exchange,
 * redirects never followed (a 3xx is a failed attempt; one pointing at a private address says so).
 * The outcome's error is short and never holds the URL (a Slack URL is itself a secret).
 */

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of an answer is read (and thrown away) before the connection is let go. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export type PostOutcome = { status: number | null; error: string | null };

const agents = new Map<string, Agent>();

function agentFor(isAllowed: (address: string) => boolean, key: string): Agent {
  let agent = agents.get(key);
  if (!agent) {
    agent = createGuardedAgent(isAllowed, { connectTimeoutMs: WEBHOOK_TIMEOUT_MS, connections: 4 });
    agents.set(key, agent);
  }
  return agent;
}

async function drain(body: Readable): Promise<void> {
  let size = 0;
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).byteLength;
      if (size > MAX_RESPONSE_BYTES) break;
    }
  } catch {
    // The answer's body does not matter, only its status.
  } finally {
    body.on("error", () => undefined);
    if (!body.destroyed) body.destroy();
  }
}

/** Says whether a redirect pointed at a private address (judged strictly: it is never followed either way). */
function describeRedirect(status: number, location: string | undefined, base: URL): string {
  if (location) {
    try {
      const target = new URL(location, base);
      const host = target.hostname.replace(/^\[|\]$/g, "");
      const isPrivate = (net.isIP(host) && !isPublicAddress(host)) || host === "localhost" || host.endsWith(".localhost");
      if (isPrivate) return `Redirect (HTTP ${status}) to a private address refused; not followed`;
    } catch {
      // An unreadable Location is reported like any other redirect.
    }
  }
  return `Redirect (HTTP ${status}) not followed: webhooks go to the saved URL only`;
}

function describeError(error: unknown): string {
  if (isBlockedAddressError(error)) return "Refused: the address is not public";
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (name === "TimeoutError" || name === "AbortError" || code?.includes("TIMEOUT"))
    return `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "Host not found";
  if (code) return `Connection failed (${code})`;
  return "Connection failed";
}

export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  { isAllowed, guardKey }: { isAllowed: (address: string) => boolean; guardKey: string },
): Promise<PostOutcome> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { status: null, error: "The endpoint's URL is not valid" };
  }
  const refused = checkUrl(target, isAllowed);
  if (refused) return { status: null, error: "Refused: the address is not public" };
  const signal = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
  try {
    const response = await request(target, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
      dispatcher: agentFor(isAllowed, guardKey),
      signal,
      headersTimeout: WEBHOOK_TIMEOUT_MS,
      bodyTimeout: WEBHOOK_TIMEOUT_MS,
    });
    const status = response.statusCode;
    const location = response.headers.location;
    await drain(response.body);
    if (status >= 200 && status < 300) return { status, error: null };
    if (status >= 300 && status < 400) {
      return { status, error: describeRedirect(status, Array.isArray(location) ? location[0] : location, target) };
    }
    return { status, error: `HTTP ${status}` };
  } catch (error) {
    return { status: null, error: signal.aborted ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` : describeError(error) };
  }
}
