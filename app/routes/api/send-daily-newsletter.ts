import { requireAdminApi } from "~/.server/admin-guard";
import { answerApi, jsonOk, postOnly, requireMethod } from "~/.server/api";
import { runManualSend } from "~/features/newsletter/manual-send.server";
import type { Route } from "./+types/send-daily-newsletter";

/**
 * POST /api/send-daily-newsletter (admin only: 401 anonymous, 403 not admin, no body) -> `{ successCount,
 * errorCount, totalArticles, status, issueDate, message }`. Sends today's
 * issue (creating it if needed); waits up to 25 s, then answers with the
 * counts so far while sending goes on.
 */
export function action({ request }: Route.ActionArgs) {
  return answerApi(request, async () => {
    requireMethod(request, "POST");
    await requireAdminApi(request);
    return jsonOk(await runManualSend());
  });
}

export const loader = postOnly;
