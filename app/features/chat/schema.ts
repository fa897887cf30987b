import { z } from "zod";
import { checkVisitorTurn } from "~/lib/conversation-turn";
import { HONEYPOT_FIELD, STARTED_AT_FIELD } from "~/lib/form-traps";

/**
 * The lead-capture chat's shapes and limits, shared by the widget and
 * POST /api/lead-chatbot. The server never trusts what the browser sends:
 * every list and text is capped here.
 */
export const CHAT_LIMITS = {
  /** Characters in one visitor message (same as the AI tools). */
  messageChars: 2000,
  /** Messages the server looks at (and sends to the model with the system prompt). */
  historyMessages: 12,
  /** Characters kept of an earlier assistant reply (context only). */
  assistantChars: 4000,
  /** Messages accepted in a request; only the last `historyMessages` are used. */
  requestMessages: 100,
  /** Messages kept in a lead's stored transcript. */
  transcriptMessages: 200,
  /** Messages kept in the browser's stored state. */
  storedMessages: 100,
  nameChars: 100,
  emailChars: 255,
  companyChars: 200,
  leadMessageChars: 2000,
} as const;

/** docs/product.md#chat-assistant: its messages and validation texts. */
export const CHAT_MESSAGES = {
  emailRequiredTitle: "Email required",
  emailRequiredDescription: "Please enter your email address",
  invalidEmail: "Please enter a valid email address",
  nameRequired: "Please enter your name",
  sendFailedTitle: "Error",
  sendFailedDescription: "Failed to send message. Please try again.",
  leadFailed: "Failed to submit. Please try again.",
  leadSavedTitle: "Success!",
  leadSavedDescription: "We've got your details. Let's chat!",
  contactSaved: "Contact saved!",
  placeholder: "Ask about AI solutions...",
  thinking: "Thinking...",
} as const;

/** A "standard address pattern" (docs/product.md#chat-assistant) for spotting an e-mail in a chat message. */
export const EMAIL_IN_TEXT = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;

export function findEmail(text: string): string | undefined {
  return EMAIL_IN_TEXT.exec(text)?.[0];
}

export const chatRoleSchema = z.enum(["user", "assistant"]);

/** One message as the browser sends it. System messages are accepted and ignored (never instructions). */
const incomingMessageSchema = z.object({
  role: z.enum(["system", "user", "assistant"], { error: "Each message needs a role: user or assistant." }),
  content: z.string({ error: "Each message needs text content." }).max(8000, { error: "A message is too long." }),
});

const messagesSchema = z
  .array(incomingMessageSchema, { error: "Send the conversation as a list of messages." })
  .max(CHAT_LIMITS.requestMessages, { error: `Send at most ${CHAT_LIMITS.requestMessages} messages.` });

export type ChatMessage = { role: z.infer<typeof chatRoleSchema>; content: string };

/**
 * The conversation the server uses: user and assistant messages only, the
 * last 12, visitor text trimmed, earlier assistant replies shortened.
 */
export function cleanConversation(messages: Array<{ role: string; content: string }>): ChatMessage[] {
  return messages
    .filter((message): message is ChatMessage => message.role === "user" || message.role === "assistant")
    .map((message) => ({
      role: message.role,
      content: message.content.trim().slice(0, message.role === "user" ? CHAT_LIMITS.messageChars : CHAT_LIMITS.assistantChars),
    }))
    .filter((message) => message.content.length > 0)
    .slice(-CHAT_LIMITS.historyMessages);
}

/** A browser conversation's id: random, made by the widget, kept in its stored state. */
export const conversationIdSchema = z.uuid({ error: "conversationId must be a UUID." });

const tooLong = (name: string, n: number) => ({ error: `The ${name} can be at most ${n.toLocaleString("en-US")} characters.` });

const optionalText = (name: string, max: number) =>
  z
    .string({ error: `The ${name} must be text.` })
    .trim()
    .max(max, tooLong(name, max))
    .optional()
    .transform((value) => value || undefined);

/** The intro form (Name and Email required, docs/product.md#chat-assistant); the e-mail save prompt sends the e-mail only. */
export const leadFormSchema = z.object({
  name: z
    .string({ error: CHAT_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: CHAT_MESSAGES.nameRequired })
    .max(CHAT_LIMITS.nameChars, tooLong("name", CHAT_LIMITS.nameChars)),
  email: z
    .string({ error: CHAT_MESSAGES.emailRequiredDescription })
    .trim()
    .min(1, { error: CHAT_MESSAGES.emailRequiredDescription })
    .max(CHAT_LIMITS.emailChars, { error: "Email must be less than 255 characters" })
    .pipe(z.email({ error: CHAT_MESSAGES.invalidEmail }))
    .transform((email) => email.toLowerCase()),
  company: optionalText("company", CHAT_LIMITS.companyChars),
  message: optionalText("message", CHAT_LIMITS.leadMessageChars),
});
export type LeadForm = z.output<typeof leadFormSchema>;

/** userData of capture_lead: the whole form, or just an e-mail (docs/product.md#json-api). */
export const userDataSchema = leadFormSchema.partial({ name: true }).extend({
  name: optionalText("name", CHAT_LIMITS.nameChars),
});
export type UserData = z.output<typeof userDataSchema>;
export type UserDataInput = z.input<typeof userDataSchema>;

/** {messages}: ask for a reply. `conversationId` (optional) keeps a captured lead's transcript current. */
export const replyRequestSchema = z
  .object({
    messages: messagesSchema,
    conversationId: conversationIdSchema.optional(),
  })
  .superRefine(({ messages }, ctx) => checkVisitorTurn(messages, ctx, { maxChars: CHAT_LIMITS.messageChars, scope: "last" }));
export type ReplyRequest = z.output<typeof replyRequestSchema>;

/**
 * {action: 'capture_lead', userData, messages, conversationId, formStartedAt, website}: store or
 * update the lead. `formStartedAt` is the token of start_lead_form, `website` the intro form's
 * honeypot: any value is accepted here and judged by the server's traps (a capture that trips
 * one is held for review, docs/chat.md).
 */
export const captureLeadRequestSchema = z.object({
  action: z.literal("capture_lead"),
  userData: userDataSchema,
  messages: messagesSchema.optional().default([]),
  conversationId: conversationIdSchema.optional(),
  [STARTED_AT_FIELD]: z.unknown().optional(),
  [HONEYPOT_FIELD]: z.unknown().optional(),
});
export type CaptureLeadRequest = z.output<typeof captureLeadRequestSchema>;

/** The answer to {action: 'start_lead_form'}: the signed time the widget showed its form. */
export type StartLeadFormResponse = { [STARTED_AT_FIELD]: string };

export type ReplyResponse = { content: string };
export type CaptureLeadResponse = { success: true; conversationId: string; created: boolean };

/** What the widget keeps in localStorage (docs/product.md#data, "Persisted chat state"). */
export const CHAT_STORAGE_KEY = "nordlys-chat";

export const storedChatStateSchema = z.object({
  version: z.literal(1),
  conversationId: conversationIdSchema,
  messages: z.array(z.object({ role: chatRoleSchema, content: z.string().max(20_000) })).max(CHAT_LIMITS.storedMessages * 2),
  hasSubmittedLead: z.boolean(),
  showLeadForm: z.boolean(),
  leadDismissed: z.boolean(),
  /** The details the visitor gave, to prefill 'Update your contact info'. */
  contact: z
    .object({ name: z.string().max(500).optional(), email: z.string().max(500), company: z.string().max(500).optional() })
    .nullable()
    .default(null),
});
export type StoredChatState = z.output<typeof storedChatStateSchema>;
