import { data } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { requestInfoContext } from "~/.server/request-context";
import { recordAdminAudit } from "~/features/admin/record-admin-audit.server";
import { idSchema } from "~/features/admin/schema";
import { exportPersonData } from "~/features/inbox/person-data.server";
import type { Route } from "./+types/inbox-person-export";

/**
 * GET /admin/inbox/people/<personId>/export: everything held about the person, as a JSON file
 * to download (GDPR access request; docs/inbox.md, "Personal data (export and erase)"). Audited
 * with the person's id, never the address.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const personId = idSchema.safeParse(params.personId);
  const exported = personId.success ? await exportPersonData(personId.data) : null;
  if (!personId.success || !exported) throw data("Nobody with this id.", { status: 404 });
  await recordAdminAudit({
    user: admin,
    action: "export-person",
    target: personId.data,
    clientIp: context.get(requestInfoContext).clientIp,
  });
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="person-${personId.data}-${exported.exportedAt.slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
