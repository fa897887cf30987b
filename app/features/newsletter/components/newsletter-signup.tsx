import { CheckCircle2, Mail } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/lib/notify";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { NEWSLETTER_EMAIL_MAX, parseSignup, SIGNUP_HONEYPOT, type SignupOutcome } from "../schema";

/** What the /newsletter/subscribe route action answers (to this card's fetcher, or as its page without JavaScript). */
export type SignupResult = SignupOutcome & { email?: string };

export type NewsletterSignupProps = {
  /** Which page it is on: the success text differs (docs/product.md#newsletter), and it is stored as the source. */
  variant: "home" | "ai-news";
  /** The answer of a sign-up posted without JavaScript (the /newsletter/subscribe page). */
  serverResult?: SignupResult | null;
  className?: string;
};

/**
 * The newsletter sign-up card (home page, /ai-news). It posts to the
 * /newsletter/subscribe route action: through a fetcher with JavaScript
 * (after the browser checked the address), as a plain form post without (the
 * action then answers with its page). Success replaces the form with one
 * confirmation panel, the product's success text and what happens next (no
 * toast as well: decision 0113); already subscribed is an info toast, errors
 * are error toasts with JavaScript and inline without, and the form stays as
 * it was, ready for another try.
 */
export function NewsletterSignup({ variant, serverResult, className }: NewsletterSignupProps) {
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const headingId = `${id}-heading`;
  const fetcher = useFetcher<{ result: SignupResult }>();
  const [dismissed, setDismissed] = useState<object | null>(null);
  const keepsAddress = serverResult?.outcome === "error" || serverResult?.outcome === "try-later";
  const [email, setEmail] = useState(keepsAddress ? (serverResult?.email ?? "") : "");
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const answer = fetcher.data ?? (serverResult ? { result: serverResult } : null);
  const isSubscribed = answer?.result.outcome === "subscribed" && dismissed !== answer;
  const isSubmitting = fetcher.state !== "idle";
  // Only the no-JavaScript page shows errors inline; with JavaScript they are toasts.
  const inlineError = serverResult?.outcome === "error" ? serverResult.message : null;
  // Not errors of the address: already subscribed, or no confirmation mail can go to it yet (says when).
  const inlineInfo = serverResult?.outcome === "already-subscribed" || serverResult?.outcome === "try-later" ? serverResult.message : null;

  useEffect(() => {
    const result = fetcher.data?.result;
    if (!result) return;
    if (result.outcome === "subscribed") panelRef.current?.focus();
    // Not a failure: the address is fine, and the message says what to do and when.
    else if (result.outcome === "already-subscribed" || result.outcome === "try-later") toast.info(result.message);
    else toast.error(result.message);
  }, [fetcher.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = parseSignup({ email });
    if (isSubmitting) {
      event.preventDefault();
    } else if (!parsed.success) {
      event.preventDefault();
      toast.error(parsed.error);
      inputRef.current?.focus();
    }
  }

  function subscribeAnother() {
    // The form comes back reset.
    setEmail("");
    setDismissed(answer);
    // It comes back in place of the panel: give it the focus.
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  return (
    <Card id="newsletter" className={cn("scroll-mt-24", className)}>
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex items-start gap-3">
          <span className="mt-1 flex size-10 shrink-0 items-center justify-center rounded-full bg-aurora-100 text-aurora-700">
            <Mail aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h2 id={headingId} className="text-2xl font-semibold">
              Get the daily AI news
            </h2>
            <p className="mt-1 text-ink-600">
              The 5 top AI stories in your inbox every morning at 8 AM UTC. Free, and one click to unsubscribe.
            </p>
          </div>
        </div>

        {isSubscribed ? (
          <SubscribedPanel ref={panelRef} message={answer?.result.message} onSubscribeAnother={subscribeAnother} />
        ) : (
          <fetcher.Form method="post" action="/newsletter/subscribe" noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
            <input type="hidden" name="source" value={variant} />
            <label htmlFor={inputId} className="text-sm font-medium text-ink-900">
              Email address
            </label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Input
                ref={inputRef}
                id={inputId}
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={NEWSLETTER_EMAIL_MAX}
                placeholder="you@example.com"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={inlineError ? true : undefined}
                aria-describedby={inlineError ? errorId : undefined}
                className="sm:flex-1"
              />
              <Button type="submit" variant="accent" disabled={isSubmitting}>
                {isSubmitting ? "Subscribing..." : "Subscribe"}
              </Button>
            </div>
            <HoneypotField id={`${id}-${SIGNUP_HONEYPOT}`} name={SIGNUP_HONEYPOT} />
            <FieldError id={errorId} error={inlineError} />
            {inlineInfo ? (
              <p role="status" className="text-sm font-medium text-ink-800">
                {inlineInfo}
              </p>
            ) : null}
            <p className="text-xs text-ink-600">
              We send a confirmation e-mail first. See our{" "}
              <a href="/privacy-policy" className="underline underline-offset-2">
                privacy policy
              </a>
              .
            </p>
          </fetcher.Form>
        )}
      </section>
    </Card>
  );
}

/** What replaces the form once a confirmation mail is on its way; focused when it appears. */
function SubscribedPanel({
  ref,
  message,
  onSubscribeAnother,
}: {
  ref: Ref<HTMLDivElement>;
  message?: string;
  onSubscribeAnother: () => void;
}) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      data-testid="newsletter-subscribed"
      className="flex items-start gap-3 rounded-[var(--radius-control)] border border-aurora-300 bg-aurora-100 p-4 text-ink-950 focus:outline-2 focus:outline-offset-2 focus:outline-violet-500"
    >
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-aurora-700" />
      <div className="flex flex-col gap-2">
        <p className="font-medium">{message}</p>
        <p className="text-sm text-ink-800">
          We sent you an e-mail with a confirmation link. Open it and press the button to start receiving the daily AI news.
        </p>
        <div>
          <Button type="button" variant="link" className="h-auto p-0" onClick={onSubscribeAnother}>
            Subscribe another address
          </Button>
        </div>
      </div>
    </div>
  );
}
