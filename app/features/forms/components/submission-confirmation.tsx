import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useContactDetails } from "~/lib/contact-details";
import { useHydrated } from "~/lib/use-hydrated";
import { formDefinitions, type FormSource } from "../definitions";

/** Navigation state of "Send another message": the empty form then takes focus. */
export const SEND_ANOTHER_STATE = { sendAnother: true } as const;

/**
 * What a visitor sees instead of the form once a submission is stored (docs/mail-and-forms.md,
 * "After a submission"): the product's success text as the heading, the reply promise, what
 * happens next, and a link back to an empty form. The same with and without JavaScript, and the
 * same for a submission held for review (decision 0100). With JavaScript the heading takes focus,
 * so a screen reader reads the confirmation.
 */
export function SubmissionConfirmation({ source }: { source: FormSource }) {
  const definition = formDefinitions[source];
  const { replyPromise } = useContactDetails();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hydrated) heading.current?.focus();
  }, [hydrated]);
  const headingId = `${source}-confirmation-heading`;
  return (
    <section aria-labelledby={headingId} data-testid="submission-confirmation" className="flex flex-col gap-5">
      <div className="flex items-start gap-3">
        <CheckCircle2 aria-hidden="true" className="mt-1 size-7 shrink-0 text-aurora-700" />
        <div>
          <h2 id={headingId} ref={heading} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
            {definition.success}
          </h2>
          <p className="mt-2 font-medium text-ink-900">{replyPromise}</p>
        </div>
      </div>
      <div className="rounded-[var(--radius-control)] border border-aurora-300 bg-aurora-100/60 p-5">
        <h3 className="text-base font-semibold">What happens next</h3>
        <ol className="mt-3 flex list-decimal flex-col gap-2 pl-5 text-ink-800">
          {definition.nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      <p>
        <Link
          to={pathname}
          state={SEND_ANOTHER_STATE}
          preventScrollReset
          className="inline-flex min-h-11 items-center rounded-[var(--radius-control)] border border-ink-300 bg-white px-4 font-medium text-ink-900 hover:bg-ink-100"
        >
          {definition.sendAnother}
        </Link>
      </p>
    </section>
  );
}
