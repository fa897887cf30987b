import { data } from "react-router";
import type { z } from "zod";
import type { AdminUser } from "~/.server/admin-guard";
import { AppError, answerAppError } from "~/.server/errors";
import { redirectWithToast } from "~/.server/toast";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { mentorScopeOf } from "./mentor-scope.server";
import { addNote, setOwner, setStage, setValue, type Actor } from "./pipeline-changes.server";
import { noteSchema, ownerChangeSchema, stageChangeSchema, valueChangeSchema } from "./schema";
import { stageLabels } from "./stages";

/**
 * The forms of the inbox pages (the board's cards, the list, the person page), one action for all:
 * `intent` = stage | value | owner | note. A plain form post (no JavaScript) ends in a redirect
 * back with a toast; the pages' scripts post with `via=fetcher` and get the answer as data, so
 * the board stays where it is and keeps focus on the moved card. A refusal is data with the
 * field's message and status 400 (or 404), in both cases.
 */
export type InboxFormAnswer =
  | { ok: true; intent: string; enquiryId: string | null; message: string }
  | { ok: false; intent: string; enquiryId: string | null; field: string | null; message: string };

export function actorOf(admin: AdminUser, clientIp?: string): Actor {
  return { id: admin.id, name: admin.name || admin.email, email: admin.email, clientIp, mentor: mentorScopeOf(admin) };
}

function fieldsOf(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  return fields;
}

function refusal(intent: string, enquiryId: string | null, error: z.ZodError | AppError) {
  const [field, message] =
    error instanceof AppError
      ? (Object.entries(error.details.fields ?? {})[0] ?? [null, error.message])
      : [String(error.issues[0]?.path[0] ?? "") || null, error.issues[0]?.message ?? "Check the form"];
  return data<InboxFormAnswer>(
    { ok: false, intent, enquiryId, field, message },
    { status: error instanceof AppError ? answerAppError(error).status : 400 },
  );
}

export async function handleInboxForm({
  form,
  admin,
  backTo,
  personId,
  clientIp,
}: {
  form: FormData;
  admin: AdminUser;
  /** The admin's client address, for the audit log. */
  clientIp?: string;
  /** The page to return to after a plain post (path and query; checked as a local path). */
  backTo: string;
  /** On a person's page: the enquiry must be theirs, notes go to them. */
  personId?: string;
}) {
  const fields = fieldsOf(form);
  const intent = fields.intent ?? "";
  const enquiryId = /^[0-9a-f-]{36}$/i.test(fields.enquiryId ?? "") ? fields.enquiryId! : null;
  const viaFetcher = fields.via === "fetcher";
  const back = safeRedirectPath(backTo, "/admin/inbox");
  const actor = actorOf(admin, clientIp);
  const done = async (message: string) =>
    viaFetcher
      ? data<InboxFormAnswer>({ ok: true, intent, enquiryId, message })
      : redirectWithToast(back, { type: "success", title: message });
  try {
    if (intent === "stage") {
      const parsed = stageChangeSchema.safeParse(fields);
      if (!parsed.success) return refusal(intent, enquiryId, parsed.error);
      const result = await setStage({ ...parsed.data, personId, actor });
      return done(result.changed ? `Moved to ${stageLabels[result.to]}` : `Already in ${stageLabels[result.to]}`);
    }
    if (intent === "value") {
      const parsed = valueChangeSchema.safeParse(fields);
      if (!parsed.success) return refusal(intent, enquiryId, parsed.error);
      await setValue({ enquiryId: parsed.data.enquiryId, personId, value: parsed.data.value!, actor });
      return done("Value saved");
    }
    if (intent === "owner") {
      const parsed = ownerChangeSchema.safeParse(fields);
      if (!parsed.success) return refusal(intent, enquiryId, parsed.error);
      const result = await setOwner({ ...parsed.data, personId, actor });
      return done(result.changed ? "Owner changed" : "Owner unchanged");
    }
    if (intent === "note" && personId) {
      const parsed = noteSchema.safeParse(fields);
      if (!parsed.success) return refusal(intent, enquiryId, parsed.error);
      await addNote({ personId, text: parsed.data.text, enquiryId: parsed.data.enquiryId, actor });
      return done("Note added");
    }
    return data<InboxFormAnswer>({ ok: false, intent, enquiryId, field: null, message: "Unknown action" }, { status: 400 });
  } catch (error) {
    if (error instanceof AppError) return refusal(intent, enquiryId, error);
    throw error;
  }
}
