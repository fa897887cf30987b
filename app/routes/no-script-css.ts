import { noScriptStylesheet } from "~/features/consent/consent.server";
import type { Route } from "./+types/no-script-css";

/**
 * /no-script.css: linked by every page inside `<noscript>`, so only a browser without
 * JavaScript loads it. It depends on the visitor's cookie choice: never stored by a shared
 * cache, never kept by the browser (the page itself stays shareable; decision 0177).
 */
export function loader({ request }: Route.LoaderArgs) {
  return new Response(noScriptStylesheet(request.headers.get("Cookie")), {
    headers: { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "private, no-store", Vary: "Cookie" },
  });
}
