import { aiChatEndpoint } from "~/features/ai-tools/endpoints.server";

/** POST /api/ai-chat: JSON in, JSON out (docs/ai-tools.md). */
const handler = aiChatEndpoint(false);
export const action = handler;
export const loader = handler;
