import { useEffect, useLayoutEffect, useRef } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { CookieBanner } from "~/components/cookie-banner";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster, useServerToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { getEnv } from "~/.server/env";
import { requestInfoContext } from "~/.server/request-context";
import { readToast } from "~/.server/toast";
import { readConsent } from "~/features/consent/consent.server";
import { ChatWidget } from "~/features/chat/components/chat-widget";
import type { Route } from "./+types/root";
// The stylesheet is the one render-blocking request: linked first in <head>, ahead of the fonts and scripts.
import stylesheetUrl from "./app.css?url";
// The two Latin font files every page uses (subsets, decision 0083): preloaded so text is drawn
// once, in the final font (no layout shift).
import displayFontUrl from "./fonts/space-grotesk-latin-core.woff2?url";
import textFontUrl from "./fonts/inter-latin-core.woff2?url";
// The page-view beacon: a small script of its own, the same for every visitor (docs/analytics.md).
import pageViewBeaconUrl from "./features/analytics/page-view-beacon.ts?standalone";

export async function loader({ request, context }: Route.LoaderArgs) {
  const consent = readConsent(request);
  const { toast, clearHeader } = await readToast(request);
  return data(
    // The nonce of this response, for the one inline script of our own (ExactScrollRestoration).
    { consent, toast, publicUrl: getEnv().PUBLIC_URL, nonce: context.get(requestInfoContext).nonce },
    clearHeader ? { headers: { "Set-Cookie": clearHeader } } : undefined,
  );
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "preload", href: textFontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: displayFontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  usePageViewBeacon();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="stylesheet" href={stylesheetUrl} precedence="default" />
        <meta name="theme-color" content="#070b14" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter />
        <CookieBanner consent={rootData?.consent ?? null} />
        <ChatWidget />
        <Toaster />
        <ExactScrollRestoration nonce={rootData?.nonce} />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Adds the page-view beacon once the page has hydrated (after the first paint, like all of the
 * page's JavaScript, decision 0082): the HTML stays the same for every visitor and the script
 * counts this page and every client-side navigation after it (docs/analytics.md).
 */
function usePageViewBeacon() {
  useEffect(() => {
    if (document.querySelector(`script[src="${pageViewBeaconUrl}"]`)) return;
    const script = document.createElement("script");
    script.src = pageViewBeaconUrl;
    script.async = true;
    document.head.append(script);
  }, []);
}

/**
 * Blocks marked `lazy-render` are skipped while off-screen on the page as first loaded, and
 * count as 600px tall until drawn (app/app.css, decision 0084). A scroll position taken or
 * restored while some of them are estimates would not match the real page, so the document is
 * marked `data-exact-layout` (which turns the skipping off) before React Router saves or
 * restores one: when a navigation starts or the page is left (keeping what is on screen in
 * place while the blocks above take their real size), and, on a reload with a stored
 * position, by a script ahead of React Router's restore script.
 */
const MARK_IF_RESTORING =
  'try{var k=history.state&&history.state.key,p=JSON.parse(sessionStorage.getItem("react-router-scroll-positions")||"{}");' +
  'if(k&&typeof p[k]==="number"&&p[k]>0)document.documentElement.setAttribute("data-exact-layout","")}catch(e){}';

function markExactLayout() {
  const root = document.documentElement;
  if (root.hasAttribute("data-exact-layout")) return;
  // Keep what is in the middle of the screen where it is while the blocks above it take their
  // real size (as scroll anchoring would, but at once, before anyone reads the position).
  const anchor = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
  const top = anchor?.getBoundingClientRect().top;
  root.setAttribute("data-exact-layout", "");
  const moved = anchor && top !== undefined ? anchor.getBoundingClientRect().top - top : 0;
  if (moved) window.scrollBy({ top: moved, behavior: "instant" });
}

function ExactScrollRestoration({ nonce }: { nonce: string | undefined }) {
  return (
    <>
      {nonce ? <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: MARK_IF_RESTORING }} /> : null}
      <MarkExactLayout />
      <ScrollRestoration />
    </>
  );
}

/** A sibling before <ScrollRestoration>: its effects and listeners run before that one's. */
function MarkExactLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const firstKey = useRef(location.key);
  useLayoutEffect(() => {
    if (navigation.state !== "idle" || location.key !== firstKey.current) markExactLayout();
  }, [navigation.state, location.key]);
  useEffect(() => {
    window.addEventListener("pagehide", markExactLayout);
    return () => window.removeEventListener("pagehide", markExactLayout);
  }, []);
  return null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  useServerToast(loaderData.toast);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const isNotFound = status === 404;
  return (
    <section className="container-page py-24 text-center">
      <title>{isNotFound ? "Page not found" : "Something went wrong"}</title>
      <p className="font-display text-6xl font-bold text-aurora-700">{status}</p>
      <h1 className="mt-4 text-3xl font-semibold">
        {isNotFound ? "Oops! Page not found" : "Something went wrong on our side"}
      </h1>
      <p className="mx-auto mt-3 max-w-md text-ink-600">
        {isNotFound
          ? "The page you are looking for does not exist."
          : "We have been notified. Please try again in a moment."}
      </p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
