import type { AdminUser } from "~/.server/admin-guard";
import { redirectWithToast } from "~/.server/toast";
import { listPageReturn } from "./delete-record.server";
import { AppError } from "~/.server/errors";
import { audited } from "./record-admin-audit.server";
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
  /** Releases the record; not_found when it is gone, conflict when it is not held. */
  release: (id: string) => Promise<void>;
  noun: string;
  /** What the success toast says went out: "The studio's notification is on its way." */
  mailsSent: string;
}): Promise<Response> {
  const back = listPageReturn(input.listPath, input.form);
  const notFound = { type: "error", title: `That ${input.noun} does not exist` } as const;
  const id = idSchema.safeParse(input.form.get("id"));
  if (!id.success) return redirectWithToast(back, notFound);
  try {
    await audited({ user: input.admin, action: input.action, target: id.data, clientIp: input.clientIp }, () => input.release(id.data));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "not_found") return redirectWithToast(back, notFound);
    if (error.code === "conflict")
      return redirectWithToast(back, { type: "info", title: `That ${input.noun} is not held (already released)` });
    throw error;
  }
  const title = `${input.noun.charAt(0).toUpperCase()}${input.noun.slice(1)} released`;
  return redirectWithToast(back, { type: "success", title, description: input.mailsSent });
}
