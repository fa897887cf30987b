import { requireAdmin } from "~/.server/admin-guard";
import { idSchema } from "~/features/admin/schema";
import { mentorScopeOf } from "~/features/inbox/mentor-scope.server";
import { attachmentResponse } from "~/features/inbox/mail/attachment-download.server";
import type { Route } from "./+types/inbox-attachment";

/** /admin/inbox/attachments/:attachmentId: an incoming mail's attachment, as a download only (docs/inbox.md). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const id = idSchema.safeParse(params.attachmentId);
  if (!id.success)
    return new Response("No such attachment.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  return attachmentResponse(id.data, mentorScopeOf(admin));
}
