import { createContext, type RouterContextProvider } from "react-router";

/** Per-request facts the Node server hands to loaders, actions and entry.server. */
export type RequestInfo = {
  requestId: string;
  /** Client address, as trusted per TRUST_PROXY (IPv4-mapped IPv6 written as IPv4). */
  clientIp: string;
  /**
   * Aborts when the visitor's connection closes before the answer is complete:
   * server/react-router-handler.ts ties it to the socket's `close` directly.
   * Absent where there is no visitor socket (page-cache renders, tests calling actions).
   */
  connectionClosed?: AbortSignal;
};

export const requestInfoContext = createContext<RequestInfo>({ requestId: "", clientIp: "" });

/**
 * The signal that ends work done for this visitor (AI provider calls above
 * all): their connection's close, straight from the socket. Request.signal
 * alone is not enough: it follows the adapter's signal only through a weak
 * link that garbage collection can break (decision 0175). Without a socket
 * (tests), the request's own signal.
 */
export function visitorSignal(request: Request, context: Readonly<RouterContextProvider>): AbortSignal {
  return context.get(requestInfoContext).connectionClosed ?? request.signal;
}
