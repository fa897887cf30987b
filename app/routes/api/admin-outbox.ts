import { jsonOk } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { listOutbox, readOutboxMessage } from "~/features/admin/outbox.server";
import { outboxQuerySchema, parseQuery } from "~/features/admin/schema";

/**
 * GET /api/admin/outbox?page=      newest messages first (subject, from, to, date, file)
 * GET /api/admin/outbox/<file.eml> one message with its plain text
 */
export const loader = adminEndpoint(["GET"], async ({ request, params }) => {
  if (params.file) {
    const message = await readOutboxMessage(params.file);
    if (!message) throw new AppError("not_found", "No such message in the outbox.");
    return jsonOk(message);
  }
  const query = parseQuery(outboxQuerySchema, new URL(request.url));
  return jsonOk(await listOutbox(query.page));
});

export const action = loader;
