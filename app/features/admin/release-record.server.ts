import type { AdminUser } from "~/.server/admin-guard";
import { redirectWithToast } from "~/.server/toast";
import type { ReleaseOutcome } from "~/lib/form-traps";
import { listPageReturn } from "./delete-record.server";
import { recordAdminAudit } from "./record-admin-audit.server";
import { idSchema } from "./schema";

/**
 * The `intent=release` POST of a list page: release a held item (its mails go
 * out now), log who did it, and go back to the same list with a toast.
 * Releasing what is no longer held changes and mails nothing.
 */
export async function releaseFromListPage(input: {
  /** The list page to return to: "/admin/leads". */
  listPath: string;
  form: FormData;
  admin: AdminUser;
  clientIp: string;
  action: "release-lead" | "release-submission";
  release: (id: string) => Promise<ReleaseOutcome>;
  noun: string;
  /** What the success toast says went out: "The studio's notification is on its way." */
  mailsSent: string;
}): Promise<Response> {
  const back = listPageReturn(input.listPath, input.form);
  const notFound = { type: "error", title: `That ${input.noun} does not exist` } as const;
  const id = idSchema.safeParse(input.form.get("id"));
  if (!id.success) return redirectWithToast(back, notFound);
  const outcome = await input.release(id.data);
  if (outcome === "not-found") return redirectWithToast(back, notFound);
  if (outcome === "not-held") return redirectWithToast(back, { type: "info", title: `That ${input.noun} is not held (already released)` });
  await recordAdminAudit({ user: input.admin, action: input.action, target: id.data, clientIp: input.clientIp });
  const title = `${input.noun.charAt(0).toUpperCase()}${input.noun.slice(1)} released`;
  return redirectWithToast(back, { type: "success", title, description: input.mailsSent });
}
