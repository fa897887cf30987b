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

/**
 * True for globally routable unicast addresses. An IPv6 address that carries an IPv4 address is
 * judged by that IPv4 address, in every form: IPv4-mapped (`::ffff:a.b.c.d`), IPv4-compatible
 * (`::a.b.c.d`, `[::7f00:1]`), translated (`::ffff:0:a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`), 6to4
 * (`2002:aabb:ccdd::`) and Teredo (the client's address, inverted, in the last 32 bits); the
 * local-use NAT64 prefix (`64:ff9b:1::/48`) is never public.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const embedded = embeddedIPv4((parsed as ipaddr.IPv6).parts);
  if (embedded === "never") return false;
  return (embedded ?? parsed).range() === "unicast";
}

function embeddedIPv4(parts: number[]): ipaddr.IPv4 | "never" | null {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = parts;
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
  const zeros = (...values: number[]) => values.every((value) => value === 0);
  // `::` and `::1` keep their own ranges (unspecified, loopback).
  if (zeros(a, b, c, d, e, f) && !(g === 0 && h <= 1)) return v4(g, h);
  if (zeros(a, b, c, d) && e === 0xffff && f === 0) return v4(g, h);
  if (a === 0x64 && b === 0xff9b) return c === 1 ? "never" : zeros(c, d, e, f) ? v4(g, h) : "never";
  if (a === 0x2002) return v4(b, c);
  if (a === 0x2001 && b === 0) return v4(g ^ 0xffff, h ^ 0xffff);
  return null;
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
