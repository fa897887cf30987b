import { postOnly } from "~/.server/api";
import { leadChatbotEndpoint } from "~/features/chat/endpoints.server";
import type { Route } from "./+types/lead-chatbot";

/** POST /api/lead-chatbot: a chat reply as JSON, or capture_lead (docs/chat.md). */
export const action = (args: Route.ActionArgs) => leadChatbotEndpoint(args, "json");

/** GET and HEAD: the API's JSON 405. */
export const loader = postOnly;
