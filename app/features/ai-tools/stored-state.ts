import type { StoredSchema } from "./use-persistent-state";

/**
 * The shapes the Try AI page reads back from localStorage (docs/product.md#data
 * and 9), checked so a stale or edited value cannot break the page. Small
 * hand-written checks: zod would add 14-24 KB gzip to the page for three
 * flat shapes.
 */

type Invalid = { success: false };
const invalid: Invalid = { success: false };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An object whose listed keys are all strings (other keys are dropped). */
function stringsObject<const K extends string>(keys: readonly K[]): StoredSchema<Record<K, string>> {
  return {
    safeParse(data) {
      if (!isRecord(data)) return invalid;
      const result = {} as Record<K, string>;
      for (const key of keys) {
        const value = data[key];
        if (typeof value !== "string") return invalid;
        result[key] = value;
      }
      return { success: true, data: result };
    },
  };
}

export type StoredMessage = { role: "user" | "assistant"; content: string };

/** The Secretary conversation; anything else reads as an empty conversation. */
export const storedSecretaryMessagesSchema: StoredSchema<StoredMessage[]> = {
  safeParse(data) {
    const valid =
      Array.isArray(data) &&
      data.every((item) => isRecord(item) && (item.role === "user" || item.role === "assistant") && typeof item.content === "string");
    const messages = valid ? (data as StoredMessage[]).map(({ role, content }) => ({ role, content })) : [];
    return { success: true, data: messages };
  },
};

export const storedSeoSchema = stringsObject(["topic", "title", "description"]);
export const storedEmailSchema = stringsObject(["product", "audience", "tone", "email"]);
