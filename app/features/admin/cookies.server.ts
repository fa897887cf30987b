/** Only the Set-Cookie lines of a better-auth call, to pass on with our own response. */
export function setCookieHeaders(source: Headers | null | undefined): Headers {
  const headers = new Headers();
  for (const cookie of source?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  return headers;
}
