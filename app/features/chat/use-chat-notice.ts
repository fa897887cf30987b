import { useCallback, useEffect, useRef, useState } from "react";

export type ChatNotice = { id: number; kind: "success" | "error"; title: string; description?: string };
export type ShowChatNotice = (kind: ChatNotice["kind"], title: string, description?: string) => void;

/** As long as a toast stays by default (sonner's 4 s): the notices stand in for the chat's toasts. */
export const CHAT_NOTICE_MS = 4000;

/**
 * The chat's success and error messages (docs/product.md#chat-assistant: 'Success!', 'Contact
 * saved!', 'Error', ...) shown at the top of the panel, in its own layout, instead of as toasts:
 * a toast floats over the page and, on a phone where the panel fills the screen, over the
 * messages (docs/decisions/0184). One at a time, each for CHAT_NOTICE_MS or until dismissed.
 */
export function useChatNotice() {
  const [notice, setNotice] = useState<ChatNotice | null>(null);
  const nextId = useRef(0);
  const show = useCallback<ShowChatNotice>((kind, title, description) => {
    nextId.current += 1;
    setNotice({ id: nextId.current, kind, title, description });
  }, []);
  const dismiss = useCallback(() => setNotice(null), []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice((current) => (current?.id === notice.id ? null : current)), CHAT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return { notice, show, dismiss };
}
