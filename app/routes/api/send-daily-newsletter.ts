import { requireAdmin } from "~/.server/admin-guard";
import { apiHandler, ApiError, jsonOk } from "~/.server/api";
import { runManualSend } from "~/features/newsletter/manual-send.server";
import type { Route } from "./+types/send-daily-newsletter";

/**
 * Admin check for a JSON endpoint: the page guard answers with a redirect to
 * / (and a toast); here that becomes 401 JSON. (When the admin branch's
 * `requireAdminApi` is on main, call that instead: 401/403/503.)
 */
async function requireAdminForApi(request: Request): Promise<void> {
  try {
    await requireAdmin(request);
  } catch (error) {
    if (error instanceof Response) throw new ApiError(401, "Please log in as an admin to send the newsletter.");
    throw error;
  }
}

/**
 * POST /api/send-daily-newsletter (admin only, no body) -> `{ successCount,
 * errorCount, totalArticles, status, issueDate, message }`. Sends today's
 * issue (creating it if needed); waits up to 25 s, then answers with the
 * counts so far while sending goes on.
 */
export async function action({ request }: Route.ActionArgs) {
  return apiHandler(["POST"], async () => {
    await requireAdminForApi(request);
    return jsonOk(await runManualSend());
  })({ request });
}

export function loader({ request }: Route.LoaderArgs) {
  return apiHandler(["POST"], async () => jsonOk({}))({ request });
}
