import { CHAT_LIMITS, type ChatMessage } from "./schema";

const same = (a: ChatMessage, b: ChatMessage) => a.role === b.role && a.content === b.content;

/**
 * Adds what is new in `incoming` (the last messages of the conversation, as
 * the browser sent them) to a lead's stored transcript. The browser only
 * sends a window of recent messages, so the stored transcript is the longer
 * record: the longest tail of `stored` that starts `incoming` is the overlap,
 * and only what follows it is appended. Bounded to the last
 * CHAT_LIMITS.transcriptMessages messages.
 */
export function mergeTranscript(stored: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  let overlap = 0;
  for (let size = Math.min(stored.length, incoming.length); size > 0; size--) {
    const tail = stored.slice(stored.length - size);
    if (tail.every((message, index) => same(message, incoming[index]!))) {
      overlap = size;
      break;
    }
  }
  return [...stored, ...incoming.slice(overlap)].slice(-CHAT_LIMITS.transcriptMessages);
}
