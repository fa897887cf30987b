import type { MetaDescriptor } from "react-router";
import type { Project } from "~/content/project-schema";
import { site } from "~/content/site";
import type { Founder } from "~/content/people-schema";

/**
 * JSON-LD for search engines, rendered by <Meta /> as
 * <script type="application/ld+json">. A data block is never executed, so the
 * page's script-src (hashes of its inline scripts) does not apply to it
 * (docs/decisions/0011, 0120).
 */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": { "@context": "https://schema.org", ...data } };
}

/** `founders` from the page's loader data: meta functions run in the browser too, which need not download the studio's copy. */
export function organization(publicUrl: string, founders: ReadonlyArray<Pick<Founder, "name" | "role">>, email: string): MetaDescriptor {
  return jsonLd({
    "@type": "Organization",
    "@id": `${publicUrl}/#organization`,
    name: site.name,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    description: site.description,
    email,
    address: { "@type": "PostalAddress", addressLocality: "Oslo", addressCountry: "NO" },
    founder: founders.map((founder) => ({ "@type": "Person", name: founder.name, jobTitle: founder.role })),
  });
}

export function breadcrumbList(items: Array<{ label: string; to: string }>, publicUrl: string): MetaDescriptor {
  return jsonLd({
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.label,
      item: `${publicUrl}${item.to}`,
    })),
  });
}

export function creativeWork(project: Project, publicUrl: string, description: string): MetaDescriptor {
  return jsonLd({
    "@type": "CreativeWork",
    name: project.title,
    headline: project.title,
    description,
    url: `${publicUrl}/projects/${project.slug}`,
    image: `${publicUrl}${project.image}-1280.webp`,
    dateCreated: String(project.year),
    keywords: project.tags.join(", "),
    creator: { "@type": "Organization", "@id": `${publicUrl}/#organization`, name: site.name },
  });
}
