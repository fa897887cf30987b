import { z } from "zod";
import { checkVisitorTurn } from "~/lib/conversation-turn";
import { AI_LIMITS, linkedinLengths, linkedinTemplates, linkedinTones } from "./options";

/**
 * Requests of the AI tools (docs/product.md#try-ai-tools), shared by the
 * browser and the JSON endpoints. Unknown option values are refused (400).
 */
export * from "./options";

const requiredField = (empty: string, name: string) =>
  z
    .string({ error: empty })
    .trim()
    .min(1, { error: empty })
    .max(AI_LIMITS.fieldChars, { error: `The ${name} can be at most ${AI_LIMITS.fieldChars} characters.` });

const optionalField = (name: string, fallback: string) =>
  z
    .string({ error: `The ${name} must be text.` })
    .trim()
    .max(AI_LIMITS.fieldChars, { error: `The ${name} can be at most ${AI_LIMITS.fieldChars} characters.` })
    .optional()
    .transform((value) => value || fallback);

const oneOf = <T extends readonly [string, ...string[]]>(values: T, name: string, fallback: T[number]) =>
  z
    .enum(values, { error: `The ${name} must be one of: ${values.join(", ")}.` })
    .optional()
    .transform((value) => value ?? fallback);

// --- Secretary (POST /api/ai-chat) ---

export const chatMessageSchema = z.object({
  role: z.enum(["system", "user", "assistant"], { error: "Each message needs a role: user or assistant." }),
  content: z.string({ error: "Each message needs text content." }).max(8000, { error: "A message is too long." }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const aiChatRequestSchema = z
  .object({
    messages: z
      .array(chatMessageSchema, { error: "Send the conversation as a list of messages." })
      .max(100, { error: "Send at most 100 messages." }),
  })
  .superRefine(({ messages }, ctx) => checkVisitorTurn(messages, ctx, { maxChars: AI_LIMITS.messageChars, scope: "every" }));
export type AiChatRequest = z.infer<typeof aiChatRequestSchema>;

// --- Generators (POST /api/generate-content) ---

export const seoRequestSchema = z.object({
  task: z.literal("seo"),
  topic: requiredField("Please enter a topic.", "topic"),
});

export const emailRequestSchema = z.object({
  task: z.literal("email"),
  product: requiredField("Please describe your product.", "product"),
  audience: requiredField("Please describe your audience.", "audience"),
  tone: optionalField("tone", "friendly"),
});

export const linkedinRequestSchema = z.object({
  task: z.literal("linkedin"),
  topic: requiredField("Please enter a topic.", "topic"),
  tone: oneOf(linkedinTones, "tone", "professional"),
  audience: optionalField("audience", ""),
  length: oneOf(linkedinLengths, "length", "medium"),
  viralMode: z.boolean({ error: "viralMode must be true or false." }).optional().default(false),
  template: oneOf(linkedinTemplates, "template", "none"),
});

export const generateContentRequestSchema = z.discriminatedUnion("task", [seoRequestSchema, emailRequestSchema, linkedinRequestSchema], {
  error: "Unknown task. Use seo, email or linkedin.",
});

export type SeoRequest = z.output<typeof seoRequestSchema>;
export type EmailRequest = z.output<typeof emailRequestSchema>;
export type LinkedinRequest = z.output<typeof linkedinRequestSchema>;
export type GenerateContentRequest = z.output<typeof generateContentRequestSchema>;
