import { generateContentEndpoint } from "~/features/ai-tools/endpoints.server";

/** POST /api/generate-content/stream: JSON in, Server-Sent Events out (docs/ai-tools.md). */
const handler = generateContentEndpoint(true);
export const action = handler;
export const loader = handler;
