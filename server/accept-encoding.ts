/**
 * Which encoding a page goes out in, from the request's Accept-Encoding. The proxy in front
 * makes the same choice for its cache key (`$page_encoding` in deploy/nginx/nginx.conf): a change
 * here goes there too.
 */

export type Encoding = "br" | "gzip" | null;
/** Browsers send a handful of distinct headers: each is parsed once. */
const encodingOf = new Map<string, Encoding>();

/** The encoding to send: Brotli when the client takes it at least as gladly as gzip, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return null;
  let encoding = encodingOf.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(acceptEncoding);
    if (encodingOf.size >= 100) encodingOf.clear();
    encodingOf.set(acceptEncoding, encoding);
  }
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [coding = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (!coding) continue;
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  if (weight("br") > 0 && weight("br") >= weight("gzip")) return "br";
  return weight("gzip") > 0 ? "gzip" : null;
}
