import { postOnly } from "~/.server/api";
import { leadChatbotEndpoint } from "~/features/chat/endpoints.server";
import type { Route } from "./+types/lead-chatbot-stream";

/** POST /api/lead-chatbot/stream: JSON in, the reply as Server-Sent Events out (docs/chat.md). */
export const action = (args: Route.ActionArgs) => leadChatbotEndpoint(args, "stream");

/** GET and HEAD: the API's JSON 405. */
export const loader = postOnly;
