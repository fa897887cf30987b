import { postOnly } from "~/.server/api";
import { aiChatEndpoint } from "~/features/ai-tools/endpoints.server";
import type { Route } from "./+types/ai-chat-stream";

/** POST /api/ai-chat/stream: JSON in, Server-Sent Events out (docs/ai-tools.md). */
export const action = (args: Route.ActionArgs) => aiChatEndpoint(args, "stream");

/** GET and HEAD: the API's JSON 405. */
export const loader = postOnly;
