import { requireAdminApi } from "~/.server/admin-guard";
import { answerApi, jsonOk, postOnly, requireMethod } from "~/.server/api";
import { requestInfoContext } from "~/.server/request-context";
import { recordAdminAudit } from "~/features/admin/record-admin-audit.server";
import { runManualSend } from "~/features/newsletter/manual-send.server";
import type { Route } from "./+types/send-daily-newsletter";

/**
 * POST /api/send-daily-newsletter (admin only: 401 anonymous, 403 not admin, no body) -> `{ successCount,
 * errorCount, totalArticles, status, issueDate, message }`. Sends today's
 * issue (creating it if needed); waits up to 25 s, then answers with the
 * counts so far while sending goes on.
 */
export function action({ request, context }: Route.ActionArgs) {
  return answerApi(request, async () => {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const result = await runManualSend();
    const clientIp = context.get(requestInfoContext).clientIp;
    await recordAdminAudit({ user: admin, action: "newsletter-send", target: "today's issue", summary: result.message, clientIp });
    return jsonOk(result);
  });
}

export const loader = postOnly;
