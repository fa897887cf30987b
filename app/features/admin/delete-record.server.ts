import { redirectWithToast } from "~/.server/toast";
import type { AdminUser } from "~/.server/admin-guard";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { AppError } from "~/.server/errors";
import { audited, type AuditAction } from "./record-admin-audit.server";
import { idSchema } from "./schema";

/** The list page a form came from, with its query (search, filter, page) when the form says so. */
export function listPageReturn(listPath: string, form: FormData): string {
  const returnTo = String(form.get("returnTo") ?? "");
  return safeRedirectPath(listPath + (returnTo.startsWith("?") && returnTo !== "?" ? returnTo : ""), listPath);
}

/**
 * The `intent=delete` POST of a list page: erase the record, log who did it (in the same transaction),
 * and go back to the same list (search and page kept) with a toast.
 */
export async function deleteFromListPage(input: {
  /** The list page to return to: "/admin/leads". */
  listPath: string;
  form: FormData;
  admin: AdminUser;
  clientIp: string;
  action: AuditAction;
  /** Deletes the record; not_found when it is gone. */
  remove: (id: string) => Promise<void>;
  noun: string;
}): Promise<Response> {
  const back = listPageReturn(input.listPath, input.form);
  const id = idSchema.safeParse(input.form.get("id"));
  if (!id.success) return redirectWithToast(back, { type: "error", title: `That ${input.noun} does not exist` });
  try {
    await audited({ user: input.admin, action: input.action, target: id.data, clientIp: input.clientIp }, () => input.remove(id.data));
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found")
      return redirectWithToast(back, { type: "error", title: `That ${input.noun} was already deleted` });
    throw error;
  }
  const title = `${input.noun.charAt(0).toUpperCase()}${input.noun.slice(1)} deleted`;
  return redirectWithToast(back, { type: "success", title });
}
