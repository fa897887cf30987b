import { z } from "zod";
import { parseOr400, readJsonBody } from "~/.server/api";
import { checkPublishAt, itemSummary } from "./editor.server";
import type { ContentItem } from "./items.server";

/**
 * The content API's bodies (docs/content.md, "JSON API"): the editor's operations for programs,
 * with the admin API's rules (a signed-in admin whose role may edit content, same origin,
 * `{error, code, fields?}` bodies). A project's id is its slug.
 */

/** An item as the API answers it. */
export function itemBody(item: ContentItem) {
  return {
    ...itemSummary(item),
    draft: item.draft,
    published: item.published,
    previewUrl: `/admin/content/${item.type}/${item.key}/preview`,
  };
}

const publishBody = z
  .object({ at: z.iso.datetime({ offset: true, error: "at: an ISO 8601 date and time with its offset." }).optional() })
  .strict();

/** POST …/publish takes no body (now) or `{at}`: ISO 8601 with an offset, ahead and within a year. */
export async function publishAtOf(request: Request): Promise<Date | undefined> {
  const hasBody = Boolean(request.headers.get("Content-Type")) && request.headers.get("Content-Length") !== "0";
  const { at } = parseOr400(publishBody, hasBody ? await readJsonBody(request) : {});
  return at ? checkPublishAt(new Date(at)) : undefined;
}
