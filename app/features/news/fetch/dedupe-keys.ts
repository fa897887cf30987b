/**
 * The two de-duplication keys of a story (docs/news.md, docs/decisions/0033): its canonical URL, then
 * its normalised title. Two feeds linking the same article with different
 * tracking parameters, or syndicating it under the same headline, give one story.
 */

const TRACKING_PARAMS = new Set([
  "fbclid",
  "gclid",
  "dclid",
  "gbraid",
  "wbraid",
  "msclkid",
  "yclid",
  "igshid",
  "mc_cid",
  "mc_eid",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
  "ref",
  "ref_src",
  "ref_url",
  "cmpid",
  "ncid",
  "sr_share",
  "oly_enc_id",
  "oly_anon_id",
  "vero_id",
  "s_kwcid",
  "spm",
  "taid",
  "guccounter",
  "guce_referrer",
  "guce_referrer_sig",
  "rss",
  "via",
]);

function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith("utm_") || lower.startsWith("at_") || TRACKING_PARAMS.has(lower);
}

/** The link with tracking parameters and fragment removed; null when it is not an http(s) URL. */
export function cleanLink(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  url.username = "";
  url.password = "";
  for (const name of [...url.searchParams.keys()]) {
    if (isTrackingParam(name)) url.searchParams.delete(name);
  }
  if (url.search === "?") url.search = "";
  return url.toString();
}

/**
 * The key two links to the same article share: the cleaned link with the
 * scheme set to https, no "www.", no trailing slash and sorted parameters.
 */
export function canonicalUrlKey(link: string): string | null {
  const cleaned = cleanLink(link);
  if (!cleaned) return null;
  const url = new URL(cleaned);
  url.protocol = "https:";
  url.hostname = url.hostname.replace(/^www\./, "");
  if (url.port === "443") url.port = "";
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, "");
  url.searchParams.sort();
  return url.toString();
}

/** Lower-case letters and digits of a title, single-spaced; null when nothing is left. */
export function titleKey(title: string): string | null {
  const key = title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return key || null;
}
