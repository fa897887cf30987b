import { createContext, useContext, type ReactNode } from "react";
import { createContext as createRouterContext, type RouterContextProvider } from "react-router";

/**
 * Markup a page's loader renders on the server that goes to the browser once, in the page's
 * HTML, and not a second time in the loader data the page hydrates from (decision 0200). The
 * home page's static sections are about 17 KB of HTML; as loader data they were sent again,
 * escaped inside a script, where Brotli cannot match them against the markup: 1.5 KB more on
 * the page's first round trips.
 *
 * How: for a request that answers with a document, the request context holds a map
 * (`keptMarkupContext`, set by server/app.ts); `keepOnServer` puts the value there and the
 * loader returns `null` for it. app/entry.server.tsx hands the map to the rendering
 * (`KeptMarkupProvider`), where `useKeptMarkup` finds it. In the browser the value is `null`, so
 * the element renders with empty `dangerouslySetInnerHTML`, and React keeps the server's markup
 * inside it. For a data request (a client-side navigation, a revalidation) there is no map and
 * the loader returns the value as data, as any loader would.
 *
 * Relies on (README.md in this folder): React's hydration leaving the children of an element
 * with `dangerouslySetInnerHTML` as the server sent them (it does not compare or patch them in
 * production; `suppressHydrationWarning` quiets the development check), and React Router's
 * data requests being the page's URL with `.data` appended (`isDataRequestPath`). If the first
 * breaks, the sections are empty after hydration (tests/e2e/home.spec.ts fails); if the second
 * does, a client-side navigation gets empty sections or the document carries the data again.
 */

/** Per request: present (a map) when the answer is a document whose markup carries kept values. */
export const keptMarkupContext = createRouterContext<Map<string, unknown> | null>(null);

/** React Router's single-fetch data requests: `/path.data`, or `/_.data` for the root. */
export function isDataRequestPath(pathname: string): boolean {
  return pathname.endsWith(".data");
}

/**
 * In a loader: `value` when the browser needs it as data (a data request, or no document in
 * the making); `null` when the document carries it, after keeping it for the rendering.
 */
export function keepOnServer<T>(context: Readonly<RouterContextProvider>, key: string, value: T): T | null {
  const kept = context.get(keptMarkupContext);
  if (!kept) return value;
  kept.set(key, value);
  return null;
}

const KeptMarkup = createContext<ReadonlyMap<string, unknown> | null>(null);

export function KeptMarkupProvider({ kept, children }: { kept: ReadonlyMap<string, unknown> | null; children: ReactNode }) {
  return <KeptMarkup.Provider value={kept}>{children}</KeptMarkup.Provider>;
}

/**
 * In a component: the loader's value if it sent one, else the one kept on the server for this
 * document (server rendering), else `null` (hydration in the browser: the markup is already in
 * the page).
 */
export function useKeptMarkup<T>(key: string, fromData: T | null): T | null {
  const kept = useContext(KeptMarkup);
  return fromData ?? (kept?.get(key) as T | undefined) ?? null;
}
