import { describe, expect, it } from "vitest";
import { CHAT_LIMITS, type ChatMessage } from "./schema";
import { mergeTranscript } from "./transcript";

const u = (content: string): ChatMessage => ({ role: "user", content });
const a = (content: string): ChatMessage => ({ role: "assistant", content });

describe("mergeTranscript", () => {
  it("appends only the messages after the overlap", () => {
    const stored = [a("hi"), u("one"), a("reply one")];
    const incoming = [u("one"), a("reply one"), u("two"), a("reply two")];
    expect(mergeTranscript(stored, incoming)).toEqual([a("hi"), u("one"), a("reply one"), u("two"), a("reply two")]);
  });

  it("keeps older messages the browser no longer sends (it sends the last 12 only)", () => {
    const stored = Array.from({ length: 20 }, (_, i) => (i % 2 ? a(`a${i}`) : u(`u${i}`)));
    const incoming = [...stored.slice(-11), u("new question"), a("new answer")].slice(-12);
    const merged = mergeTranscript(stored, incoming);
    expect(merged).toHaveLength(22);
    expect(merged.slice(0, 20)).toEqual(stored);
    expect(merged.slice(-2)).toEqual([u("new question"), a("new answer")]);
  });

  it("adds nothing when the same window is sent twice", () => {
    const stored = [u("one"), a("reply")];
    expect(mergeTranscript(stored, [u("one"), a("reply")])).toEqual(stored);
  });

  it("treats repeated texts correctly (longest overlap wins)", () => {
    const stored = [u("yes"), a("ok"), u("yes"), a("ok")];
    expect(mergeTranscript(stored, [u("yes"), a("ok"), u("yes"), a("ok"), u("thanks")])).toEqual([...stored, u("thanks")]);
  });

  it("appends everything when nothing overlaps, and keeps the stored record bounded", () => {
    const stored = Array.from({ length: CHAT_LIMITS.transcriptMessages }, (_, i) => u(`m${i}`));
    const merged = mergeTranscript(stored, [a("new")]);
    expect(merged).toHaveLength(CHAT_LIMITS.transcriptMessages);
    expect(merged.at(-1)).toEqual(a("new"));
    expect(merged[0]).toEqual(u("m1"));
  });
});
