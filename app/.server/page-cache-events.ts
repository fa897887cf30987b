/**
 * Tells this process's page cache (server/html-cache.ts) that what the news
 * pages show changed (stories, or when the sources were last tried), so they
 * are rendered afresh. Other instances notice
 * within the news pages' short time to live.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onNewsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyNewsChanged(): void {
  for (const listener of listeners) listener();
}
