import { parseWithZod } from "@conform-to/zod/v4";
import { formSchemas, type FormSource } from "./schema";

/**
 * The browser's check of a form, with the same zod schema as the action.
 * Loaded on demand (zod and its Conform adapter are about 30 KB gzip): when
 * a visitor first focuses a field; until then the server checks.
 */
export function validateForm(source: FormSource, formData: FormData) {
  return parseWithZod(formData, { schema: formSchemas[source] });
}
