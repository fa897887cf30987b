import { useEffect, useState } from "react";

/**
 * A story's full text for the article dialog, asked of GET /api/news/:id when the story is
 * opened (or when the pointer or focus reaches its 'Read Full Story' link), since the pages'
 * lists carry stories without it. Answers are kept for the page's lifetime, at most
 * `KEPT` stories (the oldest dropped first); a failed request is forgotten, so opening the
 * story again asks again.
 */
const KEPT = 40;
const fullStories = new Map<string, Promise<string>>();

export function loadFullStory(id: string): Promise<string> {
  const kept = fullStories.get(id);
  if (kept) return kept;
  const request = fetch(`/api/news/${encodeURIComponent(id)}`, { headers: { Accept: "application/json" } }).then(async (response) => {
    if (!response.ok) throw new Error(`The story could not be loaded (HTTP ${response.status}).`);
    const body = (await response.json()) as { article?: { fullContent?: unknown } };
    return typeof body.article?.fullContent === "string" ? body.article.fullContent : "";
  });
  fullStories.set(id, request);
  request.catch(() => fullStories.delete(id));
  if (fullStories.size > KEPT) fullStories.delete(fullStories.keys().next().value!);
  return request;
}

export type FullStory = { status: "loading" } | { status: "loaded"; html: string } | { status: "failed" };

/** The full text of story `id`, as it arrives. */
export function useFullStory(id: string): FullStory {
  const [story, setStory] = useState<{ id: string; state: FullStory }>({ id, state: { status: "loading" } });
  useEffect(() => {
    let current = true;
    loadFullStory(id).then(
      (html) => current && setStory({ id, state: { status: "loaded", html } }),
      () => current && setStory({ id, state: { status: "failed" } }),
    );
    return () => {
      current = false;
    };
  }, [id]);
  return story.id === id ? story.state : { status: "loading" };
}
