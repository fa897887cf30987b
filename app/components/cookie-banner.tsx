import { CookieIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type { Consent } from "~/features/consent/consent";
import { useHydrated } from "~/lib/use-hydrated";
import { Button } from "./ui/button";

/**
 * Shown while no choice is stored. Accept stores "accepted"; Decline or the
 * close control store "declined". Afterwards a small settings button reopens it.
 * Fixed to the viewport so it never moves the page's content.
 */
export function CookieBanner({ consent }: { consent: Consent | null }) {
  const fetcher = useFetcher<{ consent: Consent }>();
  const location = useLocation();
  const [isReopened, setReopened] = useState(false);
  const isHydrated = useHydrated();

  const pending = fetcher.formData?.get("choice");
  const current = (typeof pending === "string" ? (pending as Consent) : undefined) ?? fetcher.data?.consent ?? consent;
  const isOpen = current === null || isReopened;

  if (!isOpen) {
    return (
      <button
        type="button"
        onClick={() => setReopened(true)}
        className="fixed bottom-4 left-4 z-30 inline-flex size-11 items-center justify-center rounded-full border border-ink-200 bg-white text-ink-800 shadow-[var(--shadow-card)] hover:bg-ink-100"
        aria-label="Cookie settings"
      >
        <CookieIcon aria-hidden="true" className="size-5" />
      </button>
    );
  }

  const redirectTo = location.pathname + location.search;
  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-3 z-30 mx-auto max-w-3xl rounded-[var(--radius-card)] border border-ink-200 bg-white p-5 pr-14 shadow-[var(--shadow-card)] sm:inset-x-6 sm:bottom-6"
    >
      <fetcher.Form
        method="post"
        action="/cookie-consent"
        onSubmit={() => setReopened(false)}
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
