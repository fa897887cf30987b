import { getEnv } from "~/.server/env";
import { liveProjects } from "~/features/content/live.server";
import { renderSitemap } from "~/features/seo/sitemap";

export async function loader() {
  const slugs = (await liveProjects()).map((project) => project.slug);
  return new Response(renderSitemap(getEnv().PUBLIC_URL, slugs), {
    // Shared caches ask again after a minute: a published project is listed soon (docs/content.md).
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300, s-maxage=60" },
  });
}
