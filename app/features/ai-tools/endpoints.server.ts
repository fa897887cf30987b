import { coldEmailTool } from "./write-cold-email.server.ts";
import { aiEndpoint, generatorRateLimit, parseOr400, secretaryRateLimit } from "./endpoint.server.ts";
import { seoTool } from "./generate-seo-meta.server.ts";
import { aiChatRequestSchema, generateContentRequestSchema, type GenerateContentRequest } from "./schema.ts";
import { secretaryTool } from "./secretary.server.ts";
import { linkedinPostTool } from "./write-linkedin-post.server.ts";
import type { AiTool } from "./run-tool.server.ts";

/** The tool that serves a generate-content task. */
function generatorFor(input: GenerateContentRequest): AiTool<GenerateContentRequest, unknown> {
  const tools = { seo: seoTool, email: coldEmailTool, linkedin: linkedinPostTool };
  return tools[input.task] as AiTool<GenerateContentRequest, unknown>;
}

/** POST /api/ai-chat and /api/ai-chat/stream: the AI secretary. */
export const aiChatEndpoint = (stream: boolean) =>
  aiEndpoint({
    parse: (body) => parseOr400(aiChatRequestSchema, body),
    limit: secretaryRateLimit,
    tool: () => secretaryTool,
    stream,
  });

/** POST /api/generate-content and /api/generate-content/stream: SEO, cold email, LinkedIn. */
export const generateContentEndpoint = (stream: boolean) =>
  aiEndpoint({
    parse: (body) => parseOr400(generateContentRequestSchema, body),
    limit: generatorRateLimit,
    tool: generatorFor,
    stream,
  });
