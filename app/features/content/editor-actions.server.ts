import { data, redirect } from "react-router";
import type { AdminUser } from "~/.server/admin-guard";
import { AppError } from "~/.server/errors";
import { redirectWithToast } from "~/.server/toast";
import { audited } from "~/features/admin/record-admin-audit.server";
import { contentType, type ContentType } from "./content-types";
import { authorOf, publishAtFrom, studioTimeZone } from "./editor.server";
import { publishItem, saveDraft, unpublishItem, type ContentItem } from "./items.server";
import { createShareLink, revokeShareLink } from "./share-links.server";
import { errorsForForm, FORM_KITS } from "./form-kits";

/**
 * The editor's form actions (app/routes/admin/content-item.tsx): Save (and autosave), Preview,
 * Publish, "Publish at" and Unpublish, each with the form's fields saved first. A refused form
 * comes back with what was typed and each input's message; nothing is saved.
 */
export type EditorAnswer = { values: Record<string, string>; errors: Record<string, string>; savedAt?: string; key?: string };

export const EDITOR_INTENTS = ["save", "autosave", "preview", "publish", "schedule", "unpublish", "share", "revoke-share"] as const;
type Intent = (typeof EDITOR_INTENTS)[number];

export function editPath(type: ContentType, key: string): string {
  return `/admin/content/${type}/${key}`;
}

function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && name !== "intent") values[name] = value;
  return values;
}

export async function runEditorAction(input: {
  type: ContentType;
  key: string;
  form: FormData;
  admin: AdminUser;
  clientIp: string;
}): Promise<Response | ReturnType<typeof data<EditorAnswer>>> {
  const { type, key, form, admin, clientIp } = input;
  const intent = String(form.get("intent") ?? "save") as Intent;
  const values = formValues(form);
  const author = authorOf(admin);
  const publishing = (summary: string, change: () => Promise<ContentItem>) =>
    audited({ user: admin, action: "publish-content", target: `${type}/${key}`, summary, clientIp }, change);
  try {
    if (intent === "share") {
      await createShareLink(type, key, author);
      return redirectWithToast(editPath(type, key), { type: "success", title: "Share link made: copy it from Share a preview" });
    }
    if (intent === "revoke-share") {
      await revokeShareLink(type, key, String(form.get("linkId") ?? ""));
      return redirectWithToast(editPath(type, key), { type: "success", title: "Share link revoked: it shows nothing now" });
    }
    if (intent === "unpublish") {
      await publishing("unpublished", () => unpublishItem(type, key, author));
      return redirectWithToast(editPath(type, key), { type: "success", title: `The ${contentType(type).singular} is off the site` });
    }
    const at = intent === "schedule" ? publishAtFrom(values.publishAt ?? "", values.timeZone || studioTimeZone()) : undefined;
    const saved = await saveDraft(type, key, FORM_KITS[type].fromForm(values), author);
    if (intent === "autosave") return data<EditorAnswer>({ values, errors: {}, savedAt: new Date().toISOString(), key: saved.key });
    if (intent === "preview") return redirect(`${editPath(type, saved.key)}/preview`);
    if (intent === "publish" || intent === "schedule") {
      const done = await publishing(at ? `scheduled for ${at.toISOString()}` : "published", () => publishItem(type, saved.key, author, at));
      const title = at ? "Scheduled" : "Published: the site shows it now";
      return redirectWithToast(editPath(type, done.key), { type: "success", title });
    }
    return redirectWithToast(editPath(type, saved.key), { type: "success", title: "Draft saved" });
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid") {
      const errors = errorsForForm(FORM_KITS[type], error.details.fields as Record<string, string> | undefined);
      if (Object.keys(errors).length === 0) errors.form = error.message;
      return data<EditorAnswer>({ values, errors }, { status: 400 });
    }
    if (error instanceof AppError && error.code === "not_found") throw data(error.message, { status: 404 });
    if (error instanceof AppError && error.code === "conflict")
      return redirectWithToast(editPath(type, key), { type: "error", title: error.message });
    throw error;
  }
}
