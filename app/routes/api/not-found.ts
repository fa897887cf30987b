import { jsonError } from "~/.server/api";

/** Any /api path that is not an endpoint. */
export function loader() {
  return jsonError("not_found", "Not found.");
}

export function action() {
  return jsonError("not_found", "Not found.");
}
