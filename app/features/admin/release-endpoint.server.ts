import { jsonOk } from "~/.server/api";
import { adminEndpoint, requireRecordId } from "./admin-endpoint.server";
import { audited } from "./record-admin-audit.server";

/**
 * POST /api/admin/<leads|submissions>/<id>/release: releases a held item, so
 * its mails go out now (docs/admin.md, "Held items"). 200 `{released: true, id}`;
 * 409 when it is not held (already released: nothing is mailed again); 404
 * when there is no such item. Audited, in the release's transaction.
 */
export function releaseEndpoint(options: {
  noun: "lead" | "submission";
  action: "release-lead" | "release-submission";
  /** Releases the record; not_found when it is gone, conflict when it is not held. */
  release: (id: string) => Promise<void>;
}) {
  return adminEndpoint(["POST"], async ({ params, admin, clientIp }) => {
    const id = requireRecordId(params, options.noun);
    await audited({ user: admin, action: options.action, target: id, clientIp }, () => options.release(id));
    return jsonOk({ released: true, id });
  });
}
