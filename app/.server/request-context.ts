import { createContext } from "react-router";

/** Per-request facts the Node server hands to loaders, actions and entry.server. */
export type RequestInfo = {
  requestId: string;
  /** Client address, as trusted per TRUST_PROXY (IPv4-mapped IPv6 written as IPv4). */
  clientIp: string;
};

export const requestInfoContext = createContext<RequestInfo>({ requestId: "", clientIp: "" });
