import { jsonOk, parseOr400, readJsonBody } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { idSchema } from "~/features/admin/schema";
import { REPLY_MESSAGES, replyApiSchema } from "~/features/inbox/mail/schema";
import { sendReply } from "~/features/inbox/mail/send-reply.server";

/**
 * POST /api/admin/people/:id/reply `{enquiryId, text, subject?}`: the compose page's reply as JSON
 * (docs/inbox.md, "Replying"). 202 `{sent: true, mailId, messageId}` once queued; 400 invalid,
 * 404 no such person or enquiry, 409 the enquiry is held, 429 over the admin's reply limit.
 */
const endpoint = adminEndpoint(["POST"], async ({ request, params, admin, clientIp }) => {
  const personId = idSchema.safeParse(params.id);
  if (!personId.success) throw new AppError("not_found", REPLY_MESSAGES.notFound);
  const body = parseOr400(replyApiSchema, await readJsonBody(request));
  const outcome = await sendReply({
    personId: personId.data,
    enquiryId: body.enquiryId,
    text: body.text,
    subject: body.subject,
    admin,
    clientIp,
  });
  switch (outcome.status) {
    case "sent":
      return jsonOk(
        { sent: true, mailId: outcome.mailId, messageId: outcome.messageId, stageChanged: outcome.stageChanged },
        { status: 202 },
      );
    case "not-found":
      throw new AppError("not_found", REPLY_MESSAGES.notFound);
    case "held":
      throw new AppError("conflict", REPLY_MESSAGES.held);
    case "rate-limited":
      throw new AppError("rate_limited", "Too many replies in a short time. Please wait a few minutes.", {
        retryAfterSeconds: outcome.retryAfterSeconds,
      });
  }
});

export const loader = endpoint;
export const action = endpoint;
