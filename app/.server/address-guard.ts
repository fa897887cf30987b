import dns from "node:dns";
import net, { type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector } from "undici";

/**
 * The address guard for requests to addresses someone typed in (news feeds, outbound webhooks):
 * only public unicast addresses are contacted (docs/decisions/0030-news-fetcher-address-guard.md).
 * The DNS answer is filtered before connecting, the socket's peer address is checked again once
 * connected, and IP-literal URLs are checked before anything is sent (`checkUrl`). Callers that
 * follow redirects send every hop through the same agent; NEWS_ALLOW_PRIVATE_HOSTS (tests with
 * local servers) turns the checks off.
 */

const BLOCKED_CODE = "ERR_NEWS_BLOCKED_ADDRESS";

export class BlockedAddressError extends Error {
  readonly code = BLOCKED_CODE;
  constructor(host: string, address: string) {
    super(`Refused to connect to ${host} (${address}): not a public address`);
  }
}

/** True for globally routable unicast addresses (IPv4-mapped IPv6 is judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

function guardedLookup(isAllowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const allowed = addresses.filter((entry) => isAllowed(entry.address));
      if (allowed.length === 0) {
        return callback(new BlockedAddressError(hostname, addresses[0]?.address ?? "no address"), "", 0);
      }
      if (options.all) {
        (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, allowed);
      } else {
        callback(null, allowed[0]!.address, allowed[0]!.family);
      }
    });
  };
}

/** True when `error` (or an error it wraps) is the guard refusing an address. */
export function isBlockedAddressError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === BLOCKED_CODE) return true;
    const nested = (e as { errors?: unknown[] }).errors;
    if (Array.isArray(nested) && nested.some(isBlockedAddressError)) return true;
  }
  return false;
}

export type AddressGuardOptions = {
  /** Skip the address checks (tests with loopback servers: NEWS_ALLOW_PRIVATE_HOSTS). */
  allowPrivate?: boolean;
  /** Which peer addresses may be contacted; default: public unicast only. */
  isAllowedAddress?: (address: string) => boolean;
};

export function addressFilter(options: AddressGuardOptions): (address: string) => boolean {
  return options.allowPrivate ? () => true : (options.isAllowedAddress ?? isPublicAddress);
}

/**
 * Why `url` may not be requested before any connection (null: it may): only http(s), and an
 * IP-literal host must pass the guard. Host names are checked when they resolve.
 */
export function checkUrl(url: URL, isAllowed: (address: string) => boolean): string | null {
  if (url.protocol !== "http:" && url.protocol !== "https:") return `Refused ${url.protocol} URL`;
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(literal) && !isAllowed(literal)) return `Refused to connect to ${literal}: not a public address`;
  return null;
}

/** An undici agent whose every connection goes through the guard. */
export function createGuardedAgent(
  isAllowed: (address: string) => boolean,
  { connectTimeoutMs = 10_000, connections = 2 }: { connectTimeoutMs?: number; connections?: number } = {},
): Agent {
  const baseConnect = buildConnector({
    timeout: Math.min(connectTimeoutMs, 10_000),
    lookup: guardedLookup(isAllowed),
  } as buildConnector.BuildOptions);
  return new Agent({
    connections,
    keepAliveTimeout: 4_000,
    connect: (connectOptions, callback) => {
      baseConnect(connectOptions, (error, socket) => {
        if (error || !socket) return callback(error ?? new Error("connect failed"), null);
        // Second check on the address actually connected to (covers IP literals and any resolver path).
        const peer = socket.remoteAddress ?? "";
        if (!isAllowed(peer)) {
          socket.destroy();
          return callback(new BlockedAddressError(connectOptions.hostname, peer), null);
        }
        callback(null, socket);
      });
    },
  });
}

/**
 * Whether a host name resolves only to allowed addresses (null) or why not: the check at save
 * time, so an admin hears at once that an address would be refused. Sending checks again.
 */
export async function checkHostResolves(url: URL, isAllowed: (address: string) => boolean): Promise<string | null> {
  const early = checkUrl(url, isAllowed);
  if (early) return early;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host)) return null;
  try {
    const addresses = await dns.promises.lookup(host, { all: true });
    if (!addresses.some((entry) => isAllowed(entry.address))) return `${host} resolves to a private or local address`;
    return null;
  } catch {
    return `${host} could not be found`;
  }
}
