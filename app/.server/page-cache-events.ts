/**
 * Tells this process's page cache (server/html-cache.ts) that stored news
 * changed, so pages showing news are rendered afresh. Other instances notice
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
