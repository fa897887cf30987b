import { logChatProblem } from "./chat-client";
import { useCallback, useEffect, useRef, useState } from "react";
import { CHAT_LIMITS, CHAT_STORAGE_KEY, storedChatStateSchema, type ChatMessage, type StoredChatState } from "./schema";

/** Debounce of the saved state (docs/product.md#limits-and-constants). */
export const SAVE_DEBOUNCE_MS = 300;

function freshState(): StoredChatState {
  return {
    version: 1,
    conversationId: crypto.randomUUID(),
    messages: [],
    hasSubmittedLead: false,
    showLeadForm: true,
    leadDismissed: false,
    contact: null,
  };
}

/** The stored state, or a fresh one when nothing (valid) is stored; a corrupt value is discarded. */
export function loadChatState(): StoredChatState {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(CHAT_STORAGE_KEY);
  } catch {
    return freshState(); // storage blocked (privacy settings): the chat works, it just forgets
  }
  if (!raw) return freshState();
  try {
    const parsed = storedChatStateSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON
  }
  logChatProblem("Chat: discarded a stored chat state that could not be read");
  try {
    window.localStorage.removeItem(CHAT_STORAGE_KEY);
  } catch {
    // ignore
  }
  return freshState();
}

function save(state: StoredChatState) {
  try {
    const trimmed = { ...state, messages: state.messages.slice(-CHAT_LIMITS.storedMessages) };
    window.localStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(trimmed));
  } catch {
    // Full or blocked storage: keep chatting without persistence.
  }
}

/**
 * The persisted part of the chat (messages, hasSubmittedLead, showLeadForm,
 * leadDismissed, plus the conversation id and contact details), saved to
 * localStorage 300 ms after the last change, and at once when the page is hidden.
 */
export function useChatState() {
  const [state, setState] = useState<StoredChatState>(loadChatState);
  const latest = useRef(state);
  const dirty = useRef(false);

  useEffect(() => {
    latest.current = state;
    dirty.current = true;
    const timer = window.setTimeout(() => {
      save(state);
      dirty.current = false;
    }, SAVE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  useEffect(() => {
    const flush = () => {
      if (dirty.current) save(latest.current);
      dirty.current = false;
    };
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, []);

  const update = useCallback((change: Partial<StoredChatState> | ((current: StoredChatState) => Partial<StoredChatState>)) => {
    setState((current) => ({ ...current, ...(typeof change === "function" ? change(current) : change) }));
  }, []);

  const addMessage = useCallback((message: ChatMessage) => {
    setState((current) => ({ ...current, messages: [...current.messages, message].slice(-CHAT_LIMITS.storedMessages) }));
  }, []);

  return { state, update, addMessage };
}
