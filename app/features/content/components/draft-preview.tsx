import type { ReactNode } from "react";
import type { LegalDocument } from "~/content/legal-schema";
import type { Project } from "~/content/project-schema";
import { LegalPage } from "~/features/legal/components/legal-page";
import { ProjectArticle } from "~/features/projects/components/project-article";
import type { ProjectCardData } from "~/features/projects/project-card-data";
import type { Reference } from "~/content/reference-schema";
import { ReferencePage } from "~/features/references/components/reference-page";

/** A draft through its public page's own template, under a "Draft" bar that says what it is. */
export function DraftPreview({
  type,
  fields,
  note,
  action,
  project,
}: {
  type: string;
  fields: unknown;
  note: string;
  action?: ReactNode;
  /** A reference's project card. */
  project?: ProjectCardData;
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
      {type === "legal" ? (
        <LegalPage document={fields as LegalDocument} />
      ) : type === "references" ? (
        <ReferencePage reference={fields as Reference} project={project} />
      ) : (
        <ProjectArticle project={fields as Project} />
      )}
    </>
  );
}

/** The title of a draft, for the preview's title. */
export function draftTitle(fields: unknown): string {
  return (fields as { title?: string } | null)?.title ?? "draft";
}
