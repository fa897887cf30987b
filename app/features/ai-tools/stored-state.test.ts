import { describe, expect, it } from "vitest";
import { storedEmailSchema, storedSecretaryMessagesSchema, storedSeoSchema } from "./stored-state";

describe("what the Try AI page reads back from localStorage", () => {
  it("keeps a valid conversation and drops unknown keys", () => {
    const stored = [
      { role: "user", content: "Hi", extra: 1 },
      { role: "assistant", content: "Hello!" },
    ];
    expect(storedSecretaryMessagesSchema.safeParse(stored)).toEqual({
      success: true,
      data: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: "Hello!" },
      ],
    });
  });

  it("reads a damaged conversation as an empty one", () => {
    for (const stored of [null, "text", {}, [{ role: "system", content: "x" }], [{ role: "user", content: 5 }]]) {
      expect(storedSecretaryMessagesSchema.safeParse(stored)).toEqual({ success: true, data: [] });
    }
  });

  it("accepts the SEO and e-mail states only with every field as text", () => {
    expect(storedSeoSchema.safeParse({ topic: "a", title: "b", description: "c" })).toEqual({
      success: true,
      data: { topic: "a", title: "b", description: "c" },
    });
    expect(storedSeoSchema.safeParse({ topic: "a", title: "b" }).success).toBe(false);
    expect(storedSeoSchema.safeParse(["a", "b", "c"]).success).toBe(false);
    expect(storedEmailSchema.safeParse({ product: "p", audience: "a", tone: "t", email: 3 }).success).toBe(false);
    expect(storedEmailSchema.safeParse({ product: "p", audience: "a", tone: "t", email: "" }).success).toBe(true);
  });
});
