import { getEnv } from "~/.server/env";
import { renderSitemap } from "~/features/seo/sitemap";

export function loader() {
  return new Response(renderSitemap(getEnv().PUBLIC_URL), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
