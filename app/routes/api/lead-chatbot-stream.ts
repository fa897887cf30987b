import { leadChatbotEndpoint } from "~/features/chat/endpoint.server";

/** POST /api/lead-chatbot/stream: JSON in, the reply as Server-Sent Events out (docs/chat.md). */
const handler = leadChatbotEndpoint(true);
export const action = handler;
export const loader = handler;
