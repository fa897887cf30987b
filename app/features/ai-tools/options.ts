/**
 * The AI tools' limits, option lists, answer shapes and storage keys: plain
 * values the Try AI page uses in the browser (no zod, so the page stays
 * small). The request schemas built on them are in schema.ts.
 */
export const AI_LIMITS = {
  /** Characters in one visitor message. */
  messageChars: 2000,
  /** Messages sent to the model, the system message included (docs/product.md#limits-and-constants). */
  historyMessages: 12,
  /** Characters in topic, product, audience and tone. */
  fieldChars: 300,
  seoTitleChars: 60,
  seoDescriptionChars: 160,
} as const;

export const linkedinTones = ["friendly", "professional", "storytelling", "inspirational", "bold", "thought-leader"] as const;
export const linkedinLengths = ["short", "medium", "long"] as const;
export const linkedinTemplates = ["none", "story", "listicle", "advice", "announcement"] as const;

export type LinkedinTone = (typeof linkedinTones)[number];
export type LinkedinLength = (typeof linkedinLengths)[number];
export type LinkedinTemplate = (typeof linkedinTemplates)[number];

export const linkedinToneLabels: Record<LinkedinTone, string> = {
  friendly: "Friendly",
  professional: "Professional",
  storytelling: "Storytelling",
  inspirational: "Inspirational",
  bold: "Bold",
  "thought-leader": "Thought leader",
};
export const linkedinLengthLabels: Record<LinkedinLength, string> = { short: "Short", medium: "Medium", long: "Long" };
export const linkedinTemplateLabels: Record<LinkedinTemplate, string> = {
  none: "No template",
  story: "Story",
  listicle: "Listicle",
  advice: "Advice",
  announcement: "Announcement",
};

// --- Responses ---

export type AiChatResponse = { content: string };
export type SeoResponse = { title: string; description: string };
export type EmailResponse = { email: string };
export type LinkedinResponse = { post: string };

/** Words in a text, split on whitespace (docs/product.md#try-ai-tools: the email tool's word count). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

// --- What the Try AI page keeps in localStorage (docs/product.md#try-ai-tools) ---

export const STORAGE_KEYS = { secretary: "aiSecretaryMessages", seo: "seoMeta", email: "emailWriter" } as const;
