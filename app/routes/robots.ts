import { getEnv } from "~/.server/env";
import { renderRobots } from "~/features/seo/sitemap";

export function loader() {
  return new Response(renderRobots(getEnv().PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
