import { requireAdmin } from "~/.server/admin-guard";
import { blocks } from "~/features/content/form-text";
import { markdownPreview } from "~/features/content/markdown.server";
import type { Route } from "./+types/content-markdown";

/**
 * POST /admin/content/markdown (`text`): the editor's preview beside a long text, rendered by the
 * server's own Markdown renderer (docs/content.md, "Writing long text"), one entry per paragraph.
 */
/** Only a POST renders; anything else is 405, after the same checks (a role without the editor gets 403). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return Response.json({ error: "POST the text to preview." }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const text = (await request.formData().catch(() => new FormData())).get("text");
  if (typeof text !== "string" || text.length > 20_000)
    return Response.json({ error: "Send the text (at most 20,000 characters)." }, { status: 400 });
  return Response.json({ paragraphs: markdownPreview(blocks(text)) }, { headers: { "Cache-Control": "private, no-store" } });
}
