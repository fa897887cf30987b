import { useRef, useState } from "react";
import { chatCopy } from "~/content/chat";
import { captureLead, logChatProblem, startLeadForm, streamReply } from "./chat-client";
import { contactInText } from "./contact-in-text";
import { CHAT_LIMITS, CHAT_MESSAGES, type ChatMessage, type LeadForm } from "./schema";
import { useChatNotice } from "./use-chat-notice";
import { useChatState } from "./use-chat-state";

/** The latest name the visitor gave in their messages. */
function nameInMessages(messages: ChatMessage[]): string | undefined {
  for (const message of messages.toReversed()) {
    const name = message.role === "user" ? contactInText(message.content).name : undefined;
    if (name) return name;
  }
  return undefined;
}

function firstName(name: string | undefined): string {
  return name?.trim().split(/\s+/)[0] ?? "";
}

/**
 * What the chat panel does, without its markup: sending a message and
 * streaming the reply, the intro form's capture (new lead or contact update),
 * 'Skip for now', and the 'Save {email}?' prompt. docs/chat.md.
 */
export function useChatConversation() {
  const { state, update, addMessage } = useChatState();
  const { notice, show: showNotice, dismiss: dismissNotice } = useChatNotice();
  const [input, setInput] = useState("");
  const [isBusy, setBusy] = useState(false);
  /** The reply as it streams in; "" while waiting for its first words, null when none is on its way. */
  const [streaming, setStreaming] = useState<string | null>(null);
  const [isEditingContact, setEditingContact] = useState(false);
  // The signed time the panel (and its form) was first shown, for the server's fill-time check.
  const formStart = useRef<Promise<string | undefined> | null>(null);
  const formStartedAt = () => (formStart.current ??= startLeadForm());
  const savePrompt = useEmailSavePrompt({ state, update, showNotice, formStartedAt });

  async function send(text: string) {
    const content = text.trim().slice(0, CHAT_LIMITS.messageChars);
    if (!content || isBusy) return;
    const conversation: ChatMessage[] = [...state.messages, { role: "user", content }];
    addMessage({ role: "user", content });
    setInput("");
    setBusy(true);
    setStreaming("");
    savePrompt.offerFor(content);
    try {
      const reply = await streamReply(
        { messages: conversation.slice(-CHAT_LIMITS.historyMessages), conversationId: state.conversationId },
        setStreaming,
      );
      addMessage({ role: "assistant", content: reply });
    } catch (error) {
      logChatProblem("Chat: reply failed", error);
      // Take the unanswered message back into the input, so nothing typed is lost.
      update((current) => ({ messages: current.messages.slice(0, -1) }));
      setInput(content);
      showNotice("error", CHAT_MESSAGES.sendFailedTitle, CHAT_MESSAGES.sendFailedDescription);
    } finally {
      setStreaming(null);
      setBusy(false);
    }
  }

  async function submitLead(form: LeadForm, honeypot: string): Promise<boolean> {
    const isUpdate = state.hasSubmittedLead;
    try {
      await captureLead({
        userData: form,
        messages: state.messages.slice(-CHAT_LIMITS.historyMessages),
        conversationId: state.conversationId,
        formStartedAt: await formStartedAt(),
        website: honeypot,
      });
    } catch (error) {
      logChatProblem("Chat: lead capture failed", error);
      showNotice("error", CHAT_MESSAGES.leadFailed);
      return false;
    }
    const contact = { name: form.name, email: form.email, company: form.company };
    if (isUpdate) {
      update({ contact, showLeadForm: false, hasSubmittedLead: true });
      showNotice("success", CHAT_MESSAGES.contactSaved);
    } else {
      update((current) => ({
        contact,
        hasSubmittedLead: true,
        showLeadForm: false,
        messages: [...current.messages, { role: "assistant", content: chatCopy.welcome.replace("{name}", firstName(form.name)) }],
      }));
      showNotice("success", CHAT_MESSAGES.leadSavedTitle, CHAT_MESSAGES.leadSavedDescription);
    }
    setEditingContact(false);
    savePrompt.close();
    return true;
  }

  function skip() {
    // A notice about the form ("Email required") goes with the form.
    dismissNotice();
    if (isEditingContact) {
      setEditingContact(false);
      return;
    }
    update((current) => ({
      leadDismissed: true,
      showLeadForm: false,
      messages: current.messages.length ? current.messages : [{ role: "assistant", content: chatCopy.greeting }],
    }));
  }

  return {
    state,
    /** The success or error message on show at the top of the panel (use-chat-notice.ts). */
    notice,
    showNotice,
    dismissNotice,
    input,
    setInput,
    isBusy,
    streaming,
    savePrompt: savePrompt.email,
    isEditingContact,
    setEditingContact,
    /** Asks the server for the form's start time now (the panel calls it when it first mounts). */
    startForm: () => void formStartedAt(),
    send,
    submitLead,
    skip,
    saveEmail: savePrompt.save,
    declineEmail: savePrompt.decline,
  };
}

/**
 * The 'Save {email}?' prompt: offered when a message carries an address and no lead is stored yet;
 * Yes captures the lead with it (and the name the visitor gave), No never offers that address again.
 */
function useEmailSavePrompt(chat: {
  state: ReturnType<typeof useChatState>["state"];
  update: ReturnType<typeof useChatState>["update"];
  showNotice: ReturnType<typeof useChatNotice>["show"];
  formStartedAt: () => Promise<string | undefined>;
}) {
  const { state, update, showNotice, formStartedAt } = chat;
  const [email, setEmail] = useState<string | null>(null);
  /** The name the visitor gave in their messages, stored with the address when they say Yes. */
  const [savePromptName, setSavePromptName] = useState<string | undefined>(undefined);
  const [declinedEmails] = useState(() => new Set<string>());

  function offerFor(message: string) {
    // "I am Per Olsen, per@example.com": the address to offer saving, and the name to save with it
    // (from this message or an earlier one), never the address as the name (contact-in-text.ts).
    const found = contactInText(message);
    if (found.email && !state.hasSubmittedLead && !declinedEmails.has(found.email)) {
      setEmail(found.email);
      setSavePromptName(found.name ?? nameInMessages(state.messages));
    }
  }

  async function save(email: string) {
    setEmail(null);
    const name = savePromptName;
    try {
      await captureLead({
        userData: name ? { email, name } : { email },
        messages: state.messages.slice(-CHAT_LIMITS.historyMessages),
        conversationId: state.conversationId,
        formStartedAt: await formStartedAt(),
      });
      update({ hasSubmittedLead: true, contact: name ? { email, name } : { email } });
      showNotice("success", CHAT_MESSAGES.contactSaved);
    } catch (error) {
      // docs/product.md#chat-assistant: a failed e-mail capture is only logged.
      logChatProblem("Chat: saving the e-mail failed", error);
    }
  }

  function decline(email: string) {
    declinedEmails.add(email.toLowerCase());
    setEmail(null);
  }

  return { email, offerFor, close: () => setEmail(null), save, decline };
}
