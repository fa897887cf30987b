import { jsonError } from "~/.server/api";

/** Any /api path that is not an endpoint. */
export function loader() {
  return jsonError(404, "Not found.");
}

export function action() {
  return jsonError(404, "Not found.");
}
