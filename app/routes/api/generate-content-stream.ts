import { postOnly } from "~/.server/api";
import { generateContentEndpoint } from "~/features/ai-tools/endpoints.server";
import type { Route } from "./+types/generate-content-stream";

/** POST /api/generate-content/stream: JSON in, Server-Sent Events out (docs/ai-tools.md). */
export const action = (args: Route.ActionArgs) => generateContentEndpoint(args, "stream");

/** GET and HEAD: the API's JSON 405. */
export const loader = postOnly;
