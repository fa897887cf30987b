import { releaseEndpoint } from "~/features/admin/release-endpoint.server";
import { releaseHeldLead } from "~/features/chat/release-held-lead.server";

/** POST /api/admin/leads/<id>/release: release a held lead; the studio is notified (docs/admin.md). */
const endpoint = releaseEndpoint({ noun: "lead", action: "release-lead", release: releaseHeldLead });

export const loader = endpoint;
export const action = endpoint;
