import { disclaimers, type DisclaimerVariant } from "~/content/disclaimers";

/**
 * The notice a visitor acknowledges before sending a form: 'full' (Project
 * Submission Terms, four points) or 'light' (Information Sharing Notice,
 * three points). The checkbox that accepts it is rendered by the form.
 * `landmark={false}` where the page shows the same notice twice (/mentoring's booking and request
 * forms): a named group inside its form, so the page keeps one region of each name.
 */
export function DisclaimerNotice({ variant, id, landmark = true }: { variant: DisclaimerVariant; id: string; landmark?: boolean }) {
  const disclaimer = disclaimers[variant];
  const Container = landmark ? "section" : "div";
  return (
    <Container
      role={landmark ? undefined : "group"}
      aria-labelledby={`${id}-title`}
      className="rounded-[var(--radius-control)] border border-ink-200 bg-ink-50 p-4 sm:p-5"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {disclaimer.title}
      </h2>
      <p className="mt-1 text-sm text-ink-600">{disclaimer.intro}</p>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-ink-800 marker:font-semibold marker:text-aurora-700">
        {disclaimer.acknowledgements.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ol>
    </Container>
  );
}
