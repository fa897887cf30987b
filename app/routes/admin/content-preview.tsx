import { Link } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { pageItem, previewContext } from "~/features/content/editor.server";
import { DraftPreview, draftTitle } from "~/features/content/components/draft-preview";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/content-preview";

/**
 * /admin/content/:type/:id/preview: the draft through the public page's own template and the
 * site's frame, under a "Draft" bar, never indexed or cached (docs/content.md, "Preview").
 */
export const meta: Route.MetaFunction = ({ loaderData, params, matches }) =>
  seo({
    title: `Draft: ${draftTitle(loaderData?.fields)}`,
    description: "A draft, not yet on the site.",
    path: `/admin/content/${params.type}/${params.id}/preview`,
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const item = await pageItem(params.type, params.id);
  return {
    type: item.type,
    fields: item.draft as Record<string, unknown>,
    key: item.key,
    changed: item.changed,
    context: await previewContext(item, context),
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export default function ContentPreview({ loaderData }: Route.ComponentProps) {
  const { type, fields, key, changed, context } = loaderData;
  return (
    <DraftPreview
      type={type}
      fields={fields}
      context={context}
      note={changed ? "This is the draft: the public page does not show it until you publish." : "The draft is what the site shows."}
      action={
        <Link to={`/admin/content/${type}/${key}`} className="font-medium text-white underline underline-offset-2">
          Back to the editor
        </Link>
      }
    />
  );
}
