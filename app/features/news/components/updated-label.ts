import type { NewsSources } from "../schema";

/**
 * The time /ai-news shows as 'Updated': the last time any source answered, kept while every
 * source fails now (the stories shown are from then); none when no source ever answered.
 */
export function updatedLabelTime(sources: Pick<NewsSources, "lastAnsweredAt"> | null | undefined): string | null {
  return sources?.lastAnsweredAt ?? null;
}
