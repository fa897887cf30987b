import type { LegalSlug } from "~/content/legal-schema";
import { liveLegalDocument } from "~/features/content/live.server";

/** A legal page's loader: the document as published (docs/content.md, "Legal pages"). */
export async function loadLegalPage(slug: LegalSlug) {
  const document = await liveLegalDocument(slug);
  if (!document) throw new Response("Not found", { status: 404 });
  return { document };
}
