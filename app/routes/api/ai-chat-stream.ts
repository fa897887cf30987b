import { aiChatEndpoint } from "~/features/ai-tools/endpoints.server";

/** POST /api/ai-chat/stream: JSON in, Server-Sent Events out (docs/ai-tools.md). */
const handler = aiChatEndpoint(true);
export const action = handler;
export const loader = handler;
