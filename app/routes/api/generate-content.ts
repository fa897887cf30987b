import { postOnly } from "~/.server/api";
import { generateContentEndpoint } from "~/features/ai-tools/endpoints.server";
import type { Route } from "./+types/generate-content";

/** POST /api/generate-content: JSON in, JSON out (docs/ai-tools.md). */
export const action = (args: Route.ActionArgs) => generateContentEndpoint(args, "json");

/** GET and HEAD: the API's JSON 405. */
export const loader = postOnly;
