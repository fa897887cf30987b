/**
 * Tells this process's page cache (server/html-cache.ts) that what its stored pages show changed,
 * so they are rendered afresh. News: stories, or when the sources were last tried (other instances
 * notice within the news pages' short time to live). Site content: an item was published,
 * unpublished or moved, on this instance or another (app/features/content/live.server.ts).
 */
type Listener = () => void;
const news = new Set<Listener>();
const siteContent = new Set<Listener>();

function subscribe(listeners: Set<Listener>, listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const onNewsChanged = (listener: Listener) => subscribe(news, listener);
export const onSiteContentChanged = (listener: Listener) => subscribe(siteContent, listener);

export function notifyNewsChanged(): void {
  for (const listener of news) listener();
}

export function notifySiteContentChanged(): void {
  for (const listener of siteContent) listener();
}
