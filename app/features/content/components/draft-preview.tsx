import type { ReactNode } from "react";
import type { Project } from "~/content/project-schema";
import { ProjectArticle } from "~/features/projects/components/project-article";

/** A draft through the public page's own template, under a "Draft" bar that says what it is. */
export function DraftPreview({ project, note, action }: { project: Project; note: string; action?: ReactNode }) {
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
      <ProjectArticle project={project} />
    </>
  );
}
