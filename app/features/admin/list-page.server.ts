import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { requireAdmin, requireOperation } from "~/.server/admin-guard";
import { mayOpen } from "~/.server/permissions";
import { requestInfoContext } from "~/.server/request-context";
import { deleteFromListPage } from "./delete-record.server";
import type { AuditAction } from "./record-admin-audit.server";
import { releaseFromListPage } from "./release-record.server";
import { parseQuery } from "./schema";

/**
 * What every admin list page's loader starts with: the admin check, the page's query (search,
 * filters, page), the record whose delete is being confirmed (`?delete=<id>`) and whether this
 * admin may export and erase its people's data (permissions.ts; the page hides what they may not).
 */
export async function readListPage<T extends z.ZodType>(request: Request, schema: T) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const personData = mayOpen(admin.roles, url.pathname, "erase");
  return { query: parseQuery(schema, url), confirmDelete: personData ? url.searchParams.get("delete") : null, personData };
}

/**
 * The POST of a list page: `intent=release` releases a held record (when the page holds any, its
 * mails go out), anything else is the delete of the confirmation.
 */
export async function deleteOrReleaseFromListPage(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  page: {
    listPath: string;
    noun: string;
    deleteAction: AuditAction;
    remove: (id: string) => Promise<void>;
    release?: { action: "release-lead" | "release-submission"; release: (id: string) => Promise<void>; mailsSent: string };
  },
): Promise<Response> {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const common = { listPath: page.listPath, form, admin, clientIp: context.get(requestInfoContext).clientIp, noun: page.noun };
  if (page.release && form.get("intent") === "release") return releaseFromListPage({ ...common, ...page.release });
  requireOperation(request, admin, "erase");
  return deleteFromListPage({ ...common, action: page.deleteAction, remove: page.remove });
}
