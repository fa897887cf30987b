import { useEffect } from "react";
import { data, isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, useMatches } from "react-router";
import { CookieBanner } from "~/features/consent/components/cookie-banner";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster, useServerToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { getEnv } from "~/.server/env";
import { readToast } from "~/.server/toast";
import { contactDetails } from "~/.server/contact-details";
import { ChatWidget } from "~/features/chat/components/chat-widget";
import { ExactScrollRestoration } from "~/framework-workarounds/scroll-restoration";
import type { Route } from "./+types/root";
// The stylesheet is the one render-blocking request: linked first in <head>, ahead of the fonts and scripts.
import stylesheetUrl from "./app.css?url";
// The two Latin font files every page uses (subsets, decision 0083): preloaded so text is drawn
// once, in the final font (no layout shift).
import displayFontUrl from "./fonts/space-grotesk-latin-core.woff2?url";
import textFontUrl from "./fonts/inter-latin-core.woff2?url";
// The favicon as a data: URL (app/images/, decision 0199): no request of its own while the first
// screen loads. public/favicon.svg is the same picture at a URL, for feeds and structured data.
import faviconUrl from "./images/favicon.svg?inline";
// The page-view beacon: a small script of its own, the same for every visitor (docs/analytics.md).
import pageViewBeaconUrl from "./features/analytics/page-view-beacon?standalone";

/**
 * The same for every visitor except the toast, which only a page rendered for
 * one visitor carries (the page cache never stores a request with the toast
 * cookie, server/html-cache.ts). The cookie banner's state is read in the
 * browser (features/consent/components/cookie-banner.tsx).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { toast, clearHeader } = await readToast(request);
  return data(
    { toast, publicUrl: getEnv().PUBLIC_URL, contact: contactDetails() },
    clearHeader ? { headers: { "Set-Cookie": clearHeader } } : undefined,
  );
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: faviconUrl, type: "image/svg+xml" },
  { rel: "preload", href: textFontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: displayFontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  usePageViewBeacon();
  // The page is interactive: tests and scripts wait for <html data-hydrated>, an attribute of
  // ours, rather than for a framework global.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // The admin area draws its own frame (routes/admin/layout.tsx): none of the marketing chrome.
  // The admin layout route (routes/admin/layout.tsx) marks its pages with `handle = { shell: "admin" }`.
  const isAdminArea = useMatches().some((match) => (match.handle as { shell?: unknown } | undefined)?.shell === "admin");
  return (
    // The cookie banner's script sets data-consent on <html> before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="stylesheet" href={stylesheetUrl} precedence="default" />
        <meta name="theme-color" content="#070b14" />
        <Meta />
        <Links />
        {/* Only without JavaScript: hides what needs a script, and the cookie banner once chosen (decision 0177). */}
        <noscript>
          <link rel="stylesheet" href="/no-script.css" />
        </noscript>
      </head>
      <body className="flex min-h-dvh flex-col">
        {isAdminArea ? children : <SiteChrome>{children}</SiteChrome>}
        <Toaster />
        <ExactScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The marketing site's header, footer, cookie banner and chat around a public page. */
function SiteChrome({ children }: { children: React.ReactNode }) {
  return (
    <>
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
      <CookieBanner />
      <ChatWidget />
    </>
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

export default function App({ loaderData }: Route.ComponentProps) {
  useServerToast(loaderData.toast);
  return <Outlet />;
}

function errorPageWords(status: number): { title: string; heading: string; text: string } {
  if (status === 404)
    return { title: "Page not found", heading: "Oops! Page not found", text: "The page you are looking for does not exist." };
  // The database did not answer (app/.server/page-errors.ts): nothing is broken for good.
  if (status === 503) {
    return {
      title: "Temporarily unavailable",
      heading: "This page is temporarily unavailable",
      text: "The service is temporarily unavailable. Please try again in a moment.",
    };
  }
  return {
    title: "Something went wrong",
    heading: "Something went wrong on our side",
    text: "We have been notified. Please try again in a moment.",
  };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, heading, text } = errorPageWords(status);
  return (
    <section className="container-page py-24 text-center">
      <title>{title}</title>
      <p className="font-display text-6xl font-bold text-aurora-700">{status}</p>
      <h1 className="mt-4 text-3xl font-semibold">{heading}</h1>
      <p className="mx-auto mt-3 max-w-md text-ink-600">{text}</p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
