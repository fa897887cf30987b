import { leadChatbotEndpoint } from "~/features/chat/endpoint.server";

/** POST /api/lead-chatbot: a chat reply as JSON, or capture_lead (docs/chat.md). */
const handler = leadChatbotEndpoint(false);
export const action = handler;
export const loader = handler;
