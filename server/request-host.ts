/**
 * The Host (and X-Forwarded-Host) headers the site takes: the request boundary's check
 * (server/react-router-handler.ts) and the stored-page front's (server/stored-page-front.ts),
 * in a module of its own so the stored-page processes load it without React Router.
 */

const HOST = /^(?:[\w](?:[\w-]{0,61}[\w])?(?:\.[\w](?:[\w-]{0,61}[\w])?)*\.?|\[[0-9a-f:.]+\])$/i;

export function splitHost(host: string): { hostname: string; port: number | undefined } {
  const match = /^(.*?)(?::(\d{1,5}))?$/.exec(host);
  return { hostname: match?.[1] ?? "", port: match?.[2] === undefined ? undefined : Number(match[2]) };
}

/** A Host (or X-Forwarded-Host) header the site takes: a host name or bracketed IPv6 address, and a port in range. */
export function isValidHost(host: string): boolean {
  const { hostname, port } = splitHost(host);
  if (!HOST.test(hostname) || (port !== undefined && (port < 1 || port > 65_535))) return false;
  return URL.canParse(`http://${hostname}${port === undefined ? "" : `:${port}`}/`);
}
