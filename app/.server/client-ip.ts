import ipaddr from "ipaddr.js";

/**
 * Client addresses as networks count them (docs/decisions/0107-client-keys-and-redirects.md).
 *
 * An IPv6 client is given at least a /64 (SLAAC and privacy addresses rotate
 * inside it), and a home or office line usually a /56 (256 /64s it may use as
 * it likes): per-client limits key IPv6 by its /56, or one line would count as
 * 256 clients. An IPv4-mapped IPv6 address (::ffff:192.0.2.1,
 * what a dual-stack socket reports for an IPv4 peer) is that IPv4 address.
 */

/** The address as a client would write it: IPv4-mapped IPv6 becomes IPv4; anything unparseable is kept as given. */
export function normalizeClientIp(ip: string): string {
  const trimmed = ip.trim();
  try {
    return ipaddr.process(trimmed).toString();
  } catch {
    return trimmed;
  }
}

/** The key of the client that sent from `ip`: an IPv4 address, or an IPv6 /56 ("2001:db8:1:200::/56"). */
export function clientNetworkKey(ip: string): string {
  const trimmed = ip.trim();
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(trimmed);
  } catch {
    return trimmed;
  }
  if (address.kind() === "ipv4") return address.toString();
  const prefix = address.toByteArray().slice(0, 7);
  return `${ipaddr.fromByteArray([...prefix, 0, 0, 0, 0, 0, 0, 0, 0, 0]).toString()}/56`;
}
