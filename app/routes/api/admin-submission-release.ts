import { releaseEndpoint } from "~/features/admin/release-endpoint.server";
import { releaseHeldSubmission } from "~/features/forms/release-held-submission.server";

/** POST /api/admin/submissions/<id>/release: release a held submission; its two mails go out (docs/admin.md). */
const endpoint = releaseEndpoint({ noun: "submission", action: "release-submission", release: releaseHeldSubmission });

export const loader = endpoint;
export const action = endpoint;
