import { AppError } from "~/.server/errors";
import { idSchema } from "~/features/admin/schema";

/** The :id of /api/admin/people/<id>/…: a UUID, or 404 (an id that cannot exist is simply not found). */
export function requirePersonId(params: Record<string, string | undefined>): string {
  const parsed = idSchema.safeParse(params.id);
  if (!parsed.success) throw new AppError("not_found", "No person with this id.");
  return parsed.data;
}
