import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";

export type SeoInput = {
  /** Page title without the brand; the brand is appended. */
  title: string;
  description: string;
  /** Path of the page, for the canonical URL: `/projects`. */
  path: string;
  /** Absolute site URL from the root loader (PUBLIC_URL). */
  publicUrl: string | undefined;
  noindex?: boolean;
  image?: string;
  type?: "website" | "article";
};

/** Title, description, canonical URL, Open Graph and Twitter tags for one page. */
export function seo({ title, description, path, publicUrl, noindex, image, type = "website" }: SeoInput): MetaDescriptor[] {
  const fullTitle = title === site.name ? title : `${title} | ${site.name}`;
  const base = publicUrl ?? "";
  const url = `${base}${path}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
  if (image) {
    tags.push({ property: "og:image", content: `${base}${image}` }, { name: "twitter:image", content: `${base}${image}` });
  }
  if (noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  return tags;
}

type RootMatch = { id: string; loaderData?: unknown } | undefined;

/** The PUBLIC_URL the root loader sent, for meta functions. */
export function publicUrlFrom(matches: ReadonlyArray<RootMatch>): string | undefined {
  const root = matches.find((match) => match?.id === "root");
  const data = root?.loaderData as { publicUrl?: string } | undefined;
  return data?.publicUrl;
}

/** The meta function of a page search engines must not index (the admin area, one person's links); `path` may be made from the URL's parameters. */
export function noindexMeta<P>(title: string, description: string, path: string | ((params: P) => string)) {
  return ({ matches, params }: { matches: ReadonlyArray<RootMatch>; params: P }): MetaDescriptor[] =>
    seo({ title, description, path: typeof path === "string" ? path : path(params), publicUrl: publicUrlFrom(matches), noindex: true });
}
