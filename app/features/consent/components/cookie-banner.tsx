import { CookieIcon, XIcon } from "lucide-react";
import { Link, useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { CONSENT_COOKIE, CONSENT_VALUES } from "~/features/consent/consent";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Runs just before the banner and the settings button are parsed: marks <html>
 * with `data-consent` when a choice is stored. Not in <head>: an inline script
 * after the stylesheet would hold up the parsing of the whole page until the
 * stylesheet has loaded. The page's policy allows it by its hash, like every
 * inline script.
 */
const CONSENT_STATE_SCRIPT =
  `try{if(/(?:^|;\\s*)${CONSENT_COOKIE}=(?:${CONSENT_VALUES.join("|")})(?:;|$)/.test(document.cookie))` +
  'document.documentElement.setAttribute("data-consent","")}catch(e){}';

/** Which of the two shows is decided by attributes on <html> (app/app.css). */
function markConsent(state: "chosen" | "reopened") {
  const root = document.documentElement;
  root.setAttribute("data-consent", "");
  root.toggleAttribute("data-consent-open", state === "reopened");
}

/**
 * The banner shows while no choice is stored. Accept stores "accepted";
 * Decline or the close control store "declined". Afterwards a small settings
 * button reopens it. Fixed to the viewport so it never moves the page's content.
 *
 * Pages are the same for every visitor (so shared caches may keep them): the
 * server renders both the banner and the settings button, and attributes on
 * <html> show one of them, set from the cookie by CONSENT_STATE_SCRIPT before
 * either is parsed (no flash, no layout shift) and by the buttons afterwards.
 * Without JavaScript the form posts and the page comes back; the page's
 * `<noscript>` stylesheet (/no-script.css, read with the visitor's cookie)
 * then hides the banner, and always hides the settings button, which needs a
 * script (decision 0177).
 */
export function CookieBanner() {
  const fetcher = useFetcher<{ consent: string }>();
  const location = useLocation();
  const isHydrated = useHydrated();

  return (
    <>
      <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: CONSENT_STATE_SCRIPT }} />
      <button
        type="button"
        data-consent-gate="decided"
        // It reopens the banner with a script: hidden without JavaScript (/no-script.css, decision 0177).
        data-requires-script=""
        onClick={() => markConsent("reopened")}
        className="fixed bottom-[5.25rem] right-[1.375rem] z-30 inline-flex size-11 items-center justify-center rounded-full border border-ink-200 bg-white text-ink-800 shadow-[var(--shadow-card)] hover:bg-ink-100 sm:bottom-[6.25rem] sm:right-[1.875rem]"
        aria-label="Cookie settings"
      >
        <CookieIcon aria-hidden="true" className="size-5" />
      </button>
      <section
        aria-label="Cookie consent"
        data-consent-gate="undecided"
        className="fixed inset-x-3 bottom-3 z-30 mx-auto max-w-3xl rounded-[var(--radius-card)] border border-ink-200 bg-white p-5 pr-14 shadow-[var(--shadow-card)] sm:inset-x-6 sm:bottom-6"
      >
        <fetcher.Form
          method="post"
          action="/cookie-consent"
          onSubmit={() => markConsent("chosen")}
          className="flex flex-col gap-4 sm:flex-row sm:items-center"
        >
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          {/* Without JavaScript the action redirects back to this page instead of answering with data. */}
          {isHydrated ? <input type="hidden" name="js" value="1" /> : null}
          <p className="text-sm text-ink-700">
            We use cookies to remember your preferences and, with your consent, to understand how the site is used. Read our{" "}
            <Link to="/cookie-policy" className="font-medium text-aurora-700 underline underline-offset-2">
              Cookie Policy
            </Link>
            .
          </p>
          <div className="flex shrink-0 gap-2">
            <Button type="submit" name="choice" value="declined" variant="outline" size="sm">
              Decline
            </Button>
            <Button type="submit" name="choice" value="accepted" size="sm">
              Accept
            </Button>
          </div>
          <Button
            type="submit"
            name="choice"
            value="declined"
            variant="ghost"
            size="icon"
            className="absolute right-2 top-2"
            aria-label="Close cookie banner"
          >
            <XIcon aria-hidden="true" />
          </Button>
        </fetcher.Form>
      </section>
    </>
  );
}
