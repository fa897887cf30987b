import { Link } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import type { Project } from "~/content/project-schema";
import { pageItem } from "~/features/content/editor.server";
import { ProjectArticle } from "~/features/projects/components/project-article";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/content-preview";

/**
 * /admin/content/:type/:id/preview: the draft through the public page's own template and the
 * site's frame, under a "Draft" bar, never indexed or cached (docs/content.md, "Preview").
 */
export const meta: Route.MetaFunction = ({ loaderData, params, matches }) =>
  seo({
    title: `Draft: ${loaderData?.project.title ?? "project"}`,
    description: "A draft, not yet on the site.",
    path: `/admin/content/${params.type}/${params.id}/preview`,
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const item = await pageItem(params.type, params.id);
  return { project: item.draft as Project, key: item.key, changed: item.changed };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export default function ContentPreview({ loaderData }: Route.ComponentProps) {
  const { project, key, changed } = loaderData;
  return (
    <>
      <div role="region" aria-label="Draft preview" className="sticky top-0 z-40 bg-night px-4 py-2 text-sm text-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-2">
          <p>
            <strong className="mr-2 rounded bg-aurora-300 px-2 py-0.5 font-semibold text-ink-900">Draft</strong>
            {changed ? "This is the draft: the public page does not show it until you publish." : "The draft is what the site shows."}
          </p>
          <Link to={`/admin/content/projects/${key}`} className="font-medium text-white underline underline-offset-2">
            Back to the editor
          </Link>
        </div>
      </div>
      <ProjectArticle project={project} />
    </>
  );
}
