import { generateContentEndpoint } from "~/features/ai-tools/endpoints.server";

/** POST /api/generate-content: JSON in, JSON out (docs/ai-tools.md). */
const handler = generateContentEndpoint(false);
export const action = handler;
export const loader = handler;
