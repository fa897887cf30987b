import type { z } from "zod";

/**
 * The check both conversational endpoints (the AI Secretary and the chat) make of
 * the messages they are sent: the conversation must end with something the
 * visitor typed, and what they typed must fit `maxChars` (`scope`: the last
 * message only, or every message of theirs). Used inside a zod `superRefine`.
 */
export function checkVisitorTurn(
  messages: ReadonlyArray<{ role: string; content: string }>,
  ctx: z.RefinementCtx,
  { maxChars, scope }: { maxChars: number; scope: "last" | "every" },
): void {
  const conversation = messages.filter((message) => message.role !== "system");
  const last = conversation.at(-1);
  if (!last || last.role !== "user" || !last.content.trim()) {
    ctx.addIssue({ code: "custom", path: ["messages"], message: "Please type a message." });
    return;
  }
  const checked = scope === "last" ? [last] : conversation.filter((message) => message.role === "user");
  if (checked.some((message) => message.content.trim().length > maxChars)) {
    ctx.addIssue({
      code: "custom",
      path: ["messages"],
      message: `A message can be at most ${maxChars.toLocaleString("en-US")} characters.`,
    });
  }
}
