import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import type { FormSource } from "../definitions";
import type { FieldConstraints } from "./submission-form";
import { SubmissionForm } from "./submission-form";

/**
 * The body of /apply, /mentoring and /contact: the form, and a side column about what happens next.
 * `form` is what the route's loader got from formLoaderData.
 */
export function FormPage({
  source,
  form,
  asideTitle,
  aside,
}: {
  source: FormSource;
  form: { startToken: string; constraint: FieldConstraints };
  asideTitle: string;
  aside: ReactNode;
}) {
  return (
    <section className="container-page grid gap-8 py-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:py-16">
      <Card className="p-6 sm:p-8">
        <SubmissionForm source={source} startToken={form.startToken} constraint={form.constraint} />
      </Card>
      <aside aria-labelledby={`${source}-aside-title`} className="flex flex-col gap-4">
        <h2 id={`${source}-aside-title`} className="text-xl font-semibold">
          {asideTitle}
        </h2>
        <div className="flex flex-col gap-3 text-ink-700">{aside}</div>
      </aside>
    </section>
  );
}

/** The side column's points as a bulleted list. */
export function AsidePoints({ points }: { points: readonly string[] }) {
  return (
    <ul className="flex list-disc flex-col gap-3 pl-5">
      {points.map((point) => (
        <li key={point}>{point}</li>
      ))}
    </ul>
  );
}
