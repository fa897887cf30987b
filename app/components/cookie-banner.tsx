import { CookieIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { CONSENT_COOKIE, CONSENT_VALUES, isConsent, readConsentCookie, type Consent } from "~/features/consent/consent";
import { useHydrated } from "~/lib/use-hydrated";
import { Button } from "./ui/button";

/**
 * Runs just before the banner and the settings button are parsed: marks <html>
 * with `data-consent` when a choice is stored. Pages are the same for every
 * visitor (so shared caches may keep them); this decides, without a flash or a
 * layout shift, which of the two server-rendered elements shows until React
 * takes over (app/app.css). Not in <head>: an inline script after the
 * stylesheet would hold up the parsing of the whole page until the stylesheet
 * has loaded. The page's policy allows it by its hash, like every inline script.
 */
const CONSENT_STATE_SCRIPT =
  `try{if(/(?:^|;\\s*)${CONSENT_COOKIE}=(?:${CONSENT_VALUES.join("|")})(?:;|$)/.test(document.cookie))` +
  'document.documentElement.setAttribute("data-consent","")}catch(e){}';

/**
 * Shown while no choice is stored. Accept stores "accepted"; Decline or the
 * close control store "declined". Afterwards a small settings button reopens it.
 * Fixed to the viewport so it never moves the page's content.
 *
 * The server renders both the banner and the settings button; until hydration
 * the stored choice picks one by CSS (CONSENT_STATE_SCRIPT), afterwards React
 * renders only the one that applies. Without JavaScript the banner stays on
 * screen: choosing still stores the choice and comes back to the same page.
 */
export function CookieBanner() {
  const fetcher = useFetcher<{ consent: Consent }>();
  const location = useLocation();
  const [isReopened, setReopened] = useState(false);
  const isHydrated = useHydrated();

  const pending = fetcher.formData?.get("choice");
  // undefined: not known yet (on the server and while hydrating).
  const current = (isConsent(pending) ? pending : undefined) ?? fetcher.data?.consent ?? (isHydrated ? readConsentCookie(document.cookie) : undefined);
  const showBanner = current === undefined || current === null || isReopened;
  const showButton = current === undefined || (current !== null && !isReopened);
  const gate = <State extends "undecided" | "decided">(state: State) => (current === undefined ? state : undefined);

  return (
    <>
      <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: CONSENT_STATE_SCRIPT }} />
      {showButton ? (
        <button
          type="button"
          data-consent-gate={gate("decided")}
          onClick={() => setReopened(true)}
          className="fixed bottom-4 left-4 z-30 inline-flex size-11 items-center justify-center rounded-full border border-ink-200 bg-white text-ink-800 shadow-[var(--shadow-card)] hover:bg-ink-100"
          aria-label="Cookie settings"
        >
          <CookieIcon aria-hidden="true" className="size-5" />
        </button>
      ) : null}
      {showBanner ? <Banner fetcher={fetcher} gate={gate("undecided")} redirectTo={location.pathname + location.search} onChoose={() => setReopened(false)} isHydrated={isHydrated} /> : null}
    </>
  );
}

type BannerProps = {
  fetcher: ReturnType<typeof useFetcher<{ consent: Consent }>>;
  gate: "undecided" | undefined;
  redirectTo: string;
  onChoose: () => void;
  isHydrated: boolean;
};

function Banner({ fetcher, gate, redirectTo, onChoose, isHydrated }: BannerProps) {
  return (
    <section
      aria-label="Cookie consent"
      data-consent-gate={gate}
      className="fixed inset-x-3 bottom-3 z-30 mx-auto max-w-3xl rounded-[var(--radius-card)] border border-ink-200 bg-white p-5 pr-14 shadow-[var(--shadow-card)] sm:inset-x-6 sm:bottom-6"
    >
      <fetcher.Form
        method="post"
        action="/cookie-consent"
        onSubmit={onChoose}
        className="flex flex-col gap-4 sm:flex-row sm:items-center"
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {/* Without JavaScript the action redirects back to this page instead of answering with data. */}
        {isHydrated ? <input type="hidden" name="js" value="1" /> : null}
        <p className="text-sm text-ink-700">
          We use cookies to remember your preferences and, with your consent, to understand how the site is used. Read
          our{" "}
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
  );
}
