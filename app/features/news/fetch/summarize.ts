import { truncateWords } from "../text";

/**
 * Story summaries. Extractive by default: whole first sentences, at most 300
 * characters, never cut mid-word. An AI summariser can be passed in (the AI
 * provider module wires one when AI_BASE_URL is configured); whatever it
 * returns is checked and the extractive summary is used when it fails.
 */

export type SummaryInput = {
  title: string;
  /** Plain text of the story (feed description or extracted article). */
  text: string;
  source: string;
};

/** An AI summariser: returns plain text, or throws. */
export type Summarizer = (input: SummaryInput, options: { maxChars: number; signal?: AbortSignal }) => Promise<string>;

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** The first sentences of `text` that fit in `maxChars`; a too-long first sentence is cut at a word with an ellipsis. */
export function extractiveSummary(text: string, maxChars = 300): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= maxChars) return clean;
  let summary = "";
  // Only the start can end up in the summary: segmenting the whole story is wasted work. A sentence
  // cut by the slice ends at 2 x maxChars, so together with what precedes it it never fits.
  for (const { segment } of segmenter.segment(clean.slice(0, maxChars * 2))) {
    const sentence = segment.trim();
    if (!sentence) continue;
    const next = summary ? `${summary} ${sentence}` : sentence;
    if (next.length > maxChars) break;
    summary = next;
  }
  return summary || truncateWords(clean, maxChars);
}

/** Summary for one story: the AI's when a summariser is given and answers well, else extractive. */
export async function summarizeStory(
  input: SummaryInput,
  options: { maxChars?: number; summarizer?: Summarizer; signal?: AbortSignal } = {},
): Promise<string> {
  const maxChars = options.maxChars ?? 300;
  const fallback = () => extractiveSummary(input.text || input.title, maxChars);
  if (!options.summarizer || !input.text) return fallback();
  try {
    const answer = (await options.summarizer(input, { maxChars, signal: options.signal })).replace(/\s+/g, " ").trim();
    if (!answer) return fallback();
    return answer.length > maxChars ? truncateWords(answer, maxChars) : answer;
  } catch {
    return fallback();
  }
}
