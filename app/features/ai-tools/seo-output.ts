import { z } from "zod";
import { AI_LIMITS, type SeoResponse } from "./schema";

/**
 * Turning a model's SEO answer into `{title, description}` within the limits
 * (title <= 60, description <= 160 characters).
 */
const seoAnswerSchema = z.object({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
});

/** Finds the JSON object in a model's answer (models wrap it in code fences or prose now and then). */
export function parseSeoAnswer(text: string): SeoResponse | undefined {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start === -1 || end <= start) return undefined;
  try {
    const parsed = seoAnswerSchema.safeParse(JSON.parse(text.slice(start, end + 1)));
    return parsed.success ? { title: tidy(parsed.data.title), description: tidy(parsed.data.description) } : undefined;
  } catch {
    return undefined;
  }
}

/** One line, no wrapping quotes, single spaces. */
function tidy(value: string): string {
  return value
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^["'“”]+|["'“”]+$/g, "")
    .trim();
}

export function fitsSeoLimits(answer: SeoResponse): boolean {
  return answer.title.length <= AI_LIMITS.seoTitleChars && answer.description.length <= AI_LIMITS.seoDescriptionChars;
}

/**
 * Shortens `text` to at most `max` characters, cutting at the last word
 * boundary that keeps most of it, and dropping dangling punctuation.
 */
export function trimAtWordBoundary(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(" ");
  // A word boundary late enough to keep most of the text; otherwise a hard cut.
  const shortened = lastSpace >= max * 0.6 ? cut.slice(0, lastSpace) : clean.slice(0, max);
  return shortened.replace(/[\s,;:\-–—|/&(]+$/u, "").trim();
}

export function trimToSeoLimits(answer: SeoResponse): SeoResponse {
  return {
    title: trimAtWordBoundary(answer.title, AI_LIMITS.seoTitleChars),
    description: trimAtWordBoundary(answer.description, AI_LIMITS.seoDescriptionChars),
  };
}

/** Title and description found so far in a partial JSON answer (for streaming). */
export function partialSeo(value: unknown): Partial<SeoResponse> | undefined {
  if (!value || typeof value !== "object") return undefined;
  const { title, description } = value as Record<string, unknown>;
  const partial: Partial<SeoResponse> = {};
  if (typeof title === "string") partial.title = title;
  if (typeof description === "string") partial.description = description;
  return partial.title === undefined && partial.description === undefined ? undefined : partial;
}
