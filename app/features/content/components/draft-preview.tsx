import type { ReactNode } from "react";
import type { LegalDocument } from "~/content/legal-schema";
import type { Project } from "~/content/project-schema";
import { LegalPage } from "~/features/legal/components/legal-page";
import { ProjectArticle } from "~/features/projects/components/project-article";
import type { PreviewContext } from "~/features/content/editor.server";
import { AboutPage } from "~/features/about/components/about-page";
import { ServicesPage } from "~/features/services/components/services-page";
import { PageHeader } from "~/components/page-header";
import { ProseProvider } from "~/components/prose";
import { HomePage } from "~/features/home/components/home-page";
import type { Reference } from "~/content/reference-schema";
import { ReferencePage } from "~/features/references/components/reference-page";

/** A draft through its public page's own template, under a "Draft" bar that says what it is. */
export function DraftPreview({
  type,
  fields,
  note,
  action,
  context,
}: {
  type: string;
  fields: unknown;
  note: string;
  action?: ReactNode;
  /** What the page shows around the draft (editor.server.ts, `previewContext`). */
  context: PreviewContext;
}) {
  return (
    <>
      <div role="region" aria-label="Draft preview" className="sticky top-0 z-40 bg-night px-4 py-2 text-sm text-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-2">
          <p>
            <strong className="mr-2 rounded bg-aurora-300 px-2 py-0.5 font-semibold text-ink-900">Draft</strong>
            {note}
          </p>
          {action}
        </div>
      </div>
      <ProseProvider prose={context.prose}>
        <DraftPage type={type} fields={fields} context={context} />
      </ProseProvider>
    </>
  );
}

/** The draft in the template of the page it appears on. */
function DraftPage({ type, fields, context }: { type: string; fields: unknown; context: PreviewContext }) {
  const { services, founders, partners, pages } = context;
  if (type === "legal") return <LegalPage document={fields as LegalDocument} />;
  if (type === "references") return <ReferencePage reference={fields as Reference} project={context.project} />;
  if (type === "projects") return <ProjectArticle project={fields as Project} />;
  if (!services || !founders || !partners || !pages) return null;
  const page = (fields as { page?: string }).page;
  if (type === "services" || page === "program") return <ServicesPage services={services} program={pages.program} />;
  if (page === "mentoring")
    return (
      <PageHeader eyebrow="Mentoring" title="AI Mentoring 1-to-1">
        <p>{pages.mentoring.intro}</p>
        <h2 className="mt-6 text-lg font-semibold">What to expect</h2>
        <ul className="mt-2 flex list-disc flex-col gap-2 pl-5">
          {pages.mentoring.expect.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </PageHeader>
    );
  if (page === "home" && context.home) return <HomePage data={context.home} />;
  return <AboutPage page={pages.about} founders={founders} partners={partners} />;
}

/** The title of a draft, for the preview's title. */
export function draftTitle(fields: unknown): string {
  return (fields as { title?: string } | null)?.title ?? "draft";
}
