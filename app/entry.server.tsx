import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { contentSecurityPolicy, inlineScripts, scriptHash } from "~/.server/content-security-policy";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "~/.server/page-errors";
import { deferHydration } from "~/framework-workarounds/defer-hydration.server";
import { KeptMarkupProvider, keptMarkupContext } from "~/framework-workarounds/kept-markup";

export const streamTimeout = 5_000;

/**
 * Renders the whole page, then sends it with a Content-Security-Policy that
 * allows exactly the page's own inline scripts by their hashes (decision
 * 0120). The page holds nothing that changes per response, so a page that is
 * the same for every visitor is the same bytes every time (server/html-cache.ts
 * stores those, and only it marks a page as shareable; server/app.ts makes
 * every other response `private, no-store`). Pages are rendered in full before the first byte goes out:
 * their loaders have finished by then, and a page is tens of kilobytes.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const errors: unknown[] = [];
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    // Markup the loaders kept out of the page's data, for the rendering (decision 0200).
    const kept = loadContext.get(keptMarkupContext);
    const page = (
      <KeptMarkupProvider kept={kept}>
        <ServerRouter context={routerContext} url={request.url} />
      </KeptMarkupProvider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      onAllReady() {
        const body = new PassThrough();
        pipe(body);
        text(body).then((rendered) => {
          clearTimeout(timeoutId);
          for (const error of errors) logger.error({ err: error, url: request.url }, "Error while rendering a page");
          // The page is painted before its JavaScript is fetched (decision 0082).
          const { html, deferredModule } = deferHydration(rendered);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The database did not answer (app/.server/page-errors.ts): say when to come back.
          if (status === 503 && !responseHeaders.has("Retry-After"))
            responseHeaders.set("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
          if (import.meta.env.PROD) {
            const scripts = deferredModule === null ? inlineScripts(html) : [...inlineScripts(html), deferredModule];
            const scriptHashes = [...new Set(scripts.map(scriptHash))];
            responseHeaders.set(
              "Content-Security-Policy",
              contentSecurityPolicy({ scriptHashes, https: getEnv().PUBLIC_URL.startsWith("https://") }),
            );
          }
          resolve(new Response(html, { headers: responseHeaders, status }));
        }, reject);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      // Errors in the shell reject (React Router answers with the error page); others are logged once the page is done.
      onError(error: unknown) {
        status = 500;
        errors.push(error);
      },
    });
  });
}

/** Logs errors thrown in loaders, actions and rendering (expected 4xx responses excepted). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "Unhandled route error");
};
