import { jsonOk } from "~/.server/api";
import { AppError } from "~/.server/errors";
import type { ReleaseOutcome } from "~/lib/form-traps";
import { adminEndpoint, requireRecordId } from "./admin-endpoint.server";
import { recordAdminAudit } from "./record-admin-audit.server";

/**
 * POST /api/admin/<leads|submissions>/<id>/release: releases a held item, so
 * its mails go out now (docs/admin.md, "Held items"). 200 `{released: true, id}`;
 * 409 when it is not held (already released: nothing is mailed again); 404
 * when there is no such item. Audited.
 */
export function releaseEndpoint(options: {
  noun: "lead" | "submission";
  action: "release-lead" | "release-submission";
  release: (id: string) => Promise<ReleaseOutcome>;
}) {
  return adminEndpoint(["POST"], async ({ params, admin, clientIp }) => {
    const id = requireRecordId(params, options.noun);
    const outcome = await options.release(id);
    if (outcome === "not-found") throw new AppError("not_found", `No ${options.noun} with this id.`);
    if (outcome === "not-held") throw new AppError("conflict", `This ${options.noun} is not held (already released).`);
    await recordAdminAudit({ user: admin, action: options.action, target: id, clientIp });
    return jsonOk({ released: true, id });
  });
}
