import { redirect } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { AppError } from "~/.server/errors";
import { redirectWithToast } from "~/.server/toast";
import { audited } from "~/features/admin/record-admin-audit.server";
import { requestInfoContext } from "~/.server/request-context";
import { authorOf } from "~/features/content/editor.server";
import { importContent } from "~/features/content/transfer.server";
import type { Route } from "./+types/content-import";

/**
 * POST /admin/content/import (multipart: `file`): a content file's items put in place, all or
 * nothing (docs/content.md, "Export and import"); back to the list with what happened.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const file = (await request.formData()).get("file");
  const back = (type: "success" | "error", title: string, description?: string) =>
    redirectWithToast("/admin/content", { type, title, description: description?.slice(0, 480) });
  if (!(file instanceof File) || file.size === 0) return back("error", "Choose a content file to import");
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    return back("error", "Nothing was imported", "The file is not JSON: choose a file the Export link made.");
  }
  try {
    const entry = {
      user: admin,
      action: "publish-content",
      target: "all content",
      summary: `imported ${file.name}`,
      clientIp: context.get(requestInfoContext).clientIp,
    } as const;
    const { created, updated } = await audited(entry, () => importContent(json, authorOf(admin)));
    return back("success", "Imported", `${updated} items replaced, ${created} added.`);
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid") return back("error", "Nothing was imported", error.message);
    throw error;
  }
}

/** A GET goes back to the Content page (for whoever may use it). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/admin/content");
}
