/** Only the Set-Cookie lines of a better-auth call, to pass on with our own response. */
export function setCookieHeaders(source: Headers | null | undefined): Headers {
  const headers = new Headers();
  for (const cookie of source?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The Cookie header a browser would send after receiving these Set-Cookie lines (expired ones left out). */
export function cookieHeaderFrom(setCookies: Headers): string {
  const cookies = new Map<string, string>();
  for (const line of setCookies.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const index = pair.indexOf("=");
    if (index <= 0) continue;
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    if (/;\s*max-age=0\b/i.test(line) || value === "") cookies.delete(name);
    else cookies.set(name, value);
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}
