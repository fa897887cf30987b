import { ApiError } from "~/.server/api";
import { idSchema } from "~/features/admin/schema";
import { InboxChangeError } from "./pipeline-changes.server";

/** The :id of /api/admin/people/<id>/…: a UUID, or 404 (an id that cannot exist is simply not found). */
export function requirePersonId(params: Record<string, string | undefined>): string {
  const parsed = idSchema.safeParse(params.id);
  if (!parsed.success) throw new ApiError(404, "No person with this id.");
  return parsed.data;
}

/** An inbox refusal as the API's error answer. */
export async function asApiErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InboxChangeError)
      throw new ApiError(error.status, error.field ? `${error.field}: ${error.message}` : error.message);
    throw error;
  }
}
