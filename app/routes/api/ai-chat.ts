import { postOnly } from "~/.server/api";
import { aiChatEndpoint } from "~/features/ai-tools/endpoints.server";
import type { Route } from "./+types/ai-chat";

/** POST /api/ai-chat: JSON in, JSON out (docs/ai-tools.md). */
export const action = (args: Route.ActionArgs) => aiChatEndpoint(args, "json");

/** GET and HEAD: the API's JSON 405. */
export const loader = postOnly;
