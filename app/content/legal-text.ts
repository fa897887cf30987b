import { createHash } from "node:crypto";
import type { LegalDocument } from "./legal-schema";

/**
 * The SHA-256 of a legal document's text: everything a reader sees but the date itself. Each
 * section is written in one order of its keys (title, paragraphs, items), however it was stored.
 */
export function legalTextSha256(document: Pick<LegalDocument, "title" | "description" | "intro" | "sections">): string {
  const sections = document.sections.map(({ title, paragraphs, items }) =>
    items === undefined ? { title, paragraphs } : { title, paragraphs, items },
  );
  return createHash("sha256")
    .update(JSON.stringify([document.title, document.description, document.intro, sections]))
    .digest("hex");
}

/**
 * The document as it is published: "Last updated" becomes `today` when its text differs from what
 * was published before, and stays as it was otherwise (a publish that changed nothing a reader
 * sees does not move the date).
 */
export function withLastChanged(next: LegalDocument, previous: LegalDocument | null, today: string): LegalDocument {
  const textSha256 = legalTextSha256(next);
  if (previous && legalTextSha256(previous) === textSha256) return { ...next, lastChanged: previous.lastChanged };
  return { ...next, lastChanged: { date: today, textSha256 } };
}
