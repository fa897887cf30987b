import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/.server/request-context.ts";

/** A router context as the Node server builds it (server/react-router-handler.ts), for one client address. */
export function requestContextFor(clientIp: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { requestId: "test", clientIp });
  return context;
}

/** What React Router hands a route's server loader or action (`Route.LoaderArgs` / `Route.ActionArgs`). */
export type RouteArgs<Params> = {
  request: Request;
  url: URL;
  pattern: string;
  params: Params;
  context: RouterContextProvider;
};

/**
 * The arguments for calling a route's `loader` or `action` directly, typed as React Router
 * passes them: the request, its URL and path as `url` and `pattern`, the route's params, and a
 * context with the request facts the app reads (client address for per-address limits).
 *
 *   await action(routeArgs(new Request(url, { method: "POST", body }), { clientIp: "203.0.113.9" }))
 */
export function routeArgs(request: Request, options?: { clientIp?: string }): RouteArgs<Record<string, never>>;
export function routeArgs<Params extends Record<string, string | undefined>>(
  request: Request,
  options: { clientIp?: string; params: Params },
): RouteArgs<Params>;
export function routeArgs(
  request: Request,
  { clientIp = "127.0.0.1", params = {} }: { clientIp?: string; params?: Record<string, string | undefined> } = {},
) {
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params, context: requestContextFor(clientIp) };
}
