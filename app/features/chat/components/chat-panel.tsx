import { ChevronUp, Minus, SendHorizontal, Sparkles, XIcon } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { toast } from "~/lib/notify";
import { Button } from "~/components/ui/button";
import { chatCopy } from "~/content/chat";
import { cn } from "~/lib/cn";
import { captureLead, logChatProblem, startLeadForm, streamReply } from "../chat-client";
import { CHAT_LIMITS, CHAT_MESSAGES, findEmail, type ChatMessage, type LeadForm } from "../schema";
import { useChatState } from "../use-chat-state";
import { ChatTextView } from "./chat-text-view";
import { IntroForm } from "./intro-form";
import type { PanelMode } from "./panel-mode";

function firstName(name: string | undefined): string {
  return name?.trim().split(/\s+/)[0] ?? "";
}

/**
 * The chat panel: a non-modal dialog (focus moves in on open and back to the
 * button on close, Escape closes) of 380 x 600 px, 56 px high when minimised,
 * full-screen on narrow phones. First the intro form, then the conversation.
 */
export default function ChatPanel({ mode, onModeChange }: { mode: PanelMode; onModeChange: (mode: PanelMode) => void }) {
  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const { state, update, addMessage } = useChatState();
  const [input, setInput] = useState("");
  const [isBusy, setBusy] = useState(false);
  /** The reply as it streams in; "" while waiting for its first words. */
  const [streaming, setStreaming] = useState<string | null>(null);
  const [savePrompt, setSavePrompt] = useState<string | null>(null);
  const [declinedEmails] = useState(() => new Set<string>());
  const [isEditingContact, setEditingContact] = useState(false);
  // The signed time the panel (and its form) was first shown, for the server's fill-time check.
  const formStart = useRef<Promise<string | undefined> | null>(null);
  const formStartedAt = () => (formStart.current ??= startLeadForm());

  const isOpen = mode === "open";
  const showForm = state.showLeadForm || isEditingContact;
  const hasUserMessage = state.messages.some((message) => message.role === "user");

  useEffect(() => {
    formStart.current ??= startLeadForm();
  }, []);

  // Focus moves into the panel when it opens or expands.
  useEffect(() => {
    if (!isOpen) return;
    const panel = panelRef.current;
    const target = panel?.querySelector<HTMLElement>("input, textarea:not([disabled])") ?? panel;
    target?.focus();
  }, [isOpen, showForm]);

  // Escape closes the panel while focus is inside it.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      onModeChange("closed");
    };
    panel.addEventListener("keydown", onKeyDown);
    return () => panel.removeEventListener("keydown", onKeyDown);
  }, [onModeChange]);

  // Keep the newest message in view.
  useLayoutEffect(() => {
    if (isOpen) endRef.current?.scrollIntoView({ block: "end" });
  }, [isOpen, state.messages.length, streaming, savePrompt]);

  const close = () => onModeChange("closed");

  async function send(text: string) {
    const content = text.trim().slice(0, CHAT_LIMITS.messageChars);
    if (!content || isBusy) return;
    const conversation: ChatMessage[] = [...state.messages, { role: "user", content }];
    addMessage({ role: "user", content });
    setInput("");
    setBusy(true);
    setStreaming("");
    const email = findEmail(content);
    if (email && !state.hasSubmittedLead && !declinedEmails.has(email.toLowerCase())) setSavePrompt(email);
    try {
      const reply = await streamReply(
        { messages: conversation.slice(-CHAT_LIMITS.historyMessages), conversationId: state.conversationId },
        (soFar) => setStreaming(soFar),
      );
      addMessage({ role: "assistant", content: reply });
    } catch (error) {
      logChatProblem("Chat: reply failed", error);
      // Take the unanswered message back into the input, so nothing typed is lost.
      update((current) => ({ messages: current.messages.slice(0, -1) }));
      setInput(content);
      toast.error(CHAT_MESSAGES.sendFailedTitle, { description: CHAT_MESSAGES.sendFailedDescription });
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
      toast.error(CHAT_MESSAGES.leadFailed);
      return false;
    }
    const contact = { name: form.name, email: form.email, company: form.company };
    if (isUpdate) {
      update({ contact, showLeadForm: false, hasSubmittedLead: true });
      toast.success(CHAT_MESSAGES.contactSaved);
    } else {
      update((current) => ({
        contact,
        hasSubmittedLead: true,
        showLeadForm: false,
        messages: [...current.messages, { role: "assistant", content: chatCopy.welcome.replace("{name}", firstName(form.name)) }],
      }));
      toast.success(CHAT_MESSAGES.leadSavedTitle, { description: CHAT_MESSAGES.leadSavedDescription });
    }
    setEditingContact(false);
    setSavePrompt(null);
    return true;
  }

  function skip() {
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

  async function saveEmail(email: string) {
    setSavePrompt(null);
    try {
      await captureLead({
        userData: { email },
        messages: state.messages.slice(-CHAT_LIMITS.historyMessages),
        conversationId: state.conversationId,
        formStartedAt: await formStartedAt(),
      });
      update({ hasSubmittedLead: true, contact: { email } });
      toast.success(CHAT_MESSAGES.contactSaved);
    } catch (error) {
      // docs/product.md#chat-assistant: a failed e-mail capture is only logged.
      logChatProblem("Chat: saving the e-mail failed", error);
    }
  }

  function onComposerKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(input);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send(input);
  }

  return (
    <section
      ref={panelRef}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={mode === "closed"}
      tabIndex={-1}
      data-mode={mode}
      className={cn(
        "fixed z-[45] flex flex-col overflow-hidden border-ink-200 bg-white shadow-[var(--shadow-card)] focus:outline-none",
        "max-sm:inset-x-0 max-sm:bottom-0",
        "sm:bottom-6 sm:right-6 sm:w-[380px] sm:max-w-[calc(100vw-3rem)] sm:rounded-[var(--radius-card)] sm:border",
        isOpen ? "max-sm:top-0 sm:h-[600px] sm:max-h-[calc(100dvh-3rem)]" : "h-14",
      )}
    >
      <div className="flex h-14 shrink-0 items-center gap-3 bg-ink-950 pl-4 pr-2 text-white">
        <span aria-hidden="true" className="inline-flex size-8 items-center justify-center rounded-full bg-aurora-700">
          <Sparkles className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate font-sans text-sm font-semibold text-white">
            {chatCopy.assistantName}
          </h2>
          <p className="truncate text-xs text-ink-300">{chatCopy.tagline}</p>
        </div>
        <button
          type="button"
          onClick={() => onModeChange(isOpen ? "minimized" : "open")}
          aria-label={isOpen ? "Minimize chat" : "Expand chat"}
          aria-expanded={isOpen}
          className="inline-flex size-10 items-center justify-center rounded-full hover:bg-white/10"
        >
          {isOpen ? <Minus aria-hidden="true" className="size-5" /> : <ChevronUp aria-hidden="true" className="size-5" />}
        </button>
        <button
          type="button"
          onClick={close}
          aria-label="Close chat"
          className="inline-flex size-10 items-center justify-center rounded-full hover:bg-white/10"
        >
          <XIcon aria-hidden="true" className="size-5" />
        </button>
      </div>

      {isOpen ? (
        showForm ? (
          <div className="flex-1 overflow-y-auto">
            <IntroForm
              mode={isEditingContact ? "update" : "intro"}
              initial={isEditingContact ? (state.contact ?? undefined) : undefined}
              onSubmit={submitLead}
              onSkip={skip}
            />
          </div>
        ) : (
          <>
            <div role="log" aria-label="Conversation" aria-busy={isBusy} className="flex-1 space-y-3 overflow-y-auto px-4 py-4">
              {state.messages.map((message, index) => (
                <MessageBubble key={index} message={message} onInternalLink={close} />
              ))}
              {streaming ? <MessageBubble message={{ role: "assistant", content: streaming }} onInternalLink={close} /> : null}
              {streaming === "" ? (
                <p role="status" className="flex items-center gap-2 text-sm text-ink-600">
                  <span aria-hidden="true" className="inline-flex gap-1">
                    <span className="size-1.5 animate-pulse rounded-full bg-ink-400 motion-reduce:animate-none" />
                    <span className="size-1.5 animate-pulse rounded-full bg-ink-400 [animation-delay:150ms] motion-reduce:animate-none" />
                    <span className="size-1.5 animate-pulse rounded-full bg-ink-400 [animation-delay:300ms] motion-reduce:animate-none" />
                  </span>
                  {CHAT_MESSAGES.thinking}
                </p>
              ) : null}
              {!hasUserMessage && !isBusy ? (
                <div className="space-y-2 pt-1">
                  <p className="text-xs font-medium uppercase tracking-wide text-ink-600">Suggested questions</p>
                  <ul className="flex flex-col items-start gap-2">
                    {chatCopy.suggestedPrompts.map((prompt) => (
                      <li key={prompt}>
                        <button
                          type="button"
                          onClick={() => void send(prompt)}
                          className="rounded-full border border-aurora-700/40 bg-aurora-100/60 px-3 py-1.5 text-left text-sm text-ink-900 hover:bg-aurora-100"
                        >
                          {prompt}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {savePrompt ? (
                <div role="group" aria-label="Save your e-mail" className="rounded-xl border border-ink-200 bg-ink-50 p-3 text-sm">
                  <p className="font-medium text-ink-900">Save {savePrompt}?</p>
                  <p className="mt-0.5 text-ink-600">We'll use it only to follow up on this chat.</p>
                  <div className="mt-2 flex gap-2">
                    <Button size="sm" onClick={() => void saveEmail(savePrompt)}>
                      Yes
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => {
                        declinedEmails.add(savePrompt.toLowerCase());
                        setSavePrompt(null);
                      }}
                    >
                      No
                    </Button>
                  </div>
                </div>
              ) : null}
              <div ref={endRef} />
            </div>

            <div className="shrink-0 border-t border-ink-200 px-3 pb-3 pt-2">
              {hasUserMessage && !isBusy ? (
                <ul aria-label="Quick replies" className="mb-2 flex gap-2 overflow-x-auto pb-1">
                  {chatCopy.quickReplies.map((reply) => (
                    <li key={reply} className="shrink-0">
                      <button
                        type="button"
                        onClick={() => void send(reply)}
                        className="rounded-full border border-ink-300 bg-white px-3 py-1 text-xs text-ink-800 hover:bg-ink-100"
                      >
                        {reply}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              <form onSubmit={onSubmit} className="flex items-end gap-2">
                <label htmlFor={`${titleId}-input`} className="sr-only">
                  Your message
                </label>
                <textarea
                  ref={inputRef}
                  id={`${titleId}-input`}
                  value={input}
                  onChange={(event) => setInput(event.target.value)}
                  onKeyDown={onComposerKeyDown}
                  placeholder={CHAT_MESSAGES.placeholder}
                  maxLength={CHAT_LIMITS.messageChars}
                  rows={2}
                  className="max-h-32 min-h-11 flex-1 resize-none rounded-[var(--radius-control)] border border-ink-300 bg-white px-3 py-2 text-base text-ink-950 placeholder:text-ink-500 focus-visible:border-violet-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-violet-500 sm:text-sm"
                />
                <Button type="submit" size="icon" aria-label="Send message" disabled={isBusy || !input.trim()}>
                  <SendHorizontal aria-hidden="true" />
                </Button>
              </form>
              {state.hasSubmittedLead && state.contact ? (
                <button
                  type="button"
                  onClick={() => setEditingContact(true)}
                  className="mt-1.5 text-xs font-medium text-aurora-700 underline underline-offset-2 hover:text-aurora-600"
                >
                  Update your contact info
                </button>
              ) : null}
            </div>
          </>
        )
      ) : null}
    </section>
  );
}

function MessageBubble({ message, onInternalLink }: { message: ChatMessage; onInternalLink: () => void }) {
  const isUser = message.role === "user";
  return (
    <div className={cn("flex", isUser ? "justify-end" : "justify-start")}>
      <p
        className={cn(
          "max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm leading-relaxed",
          isUser ? "rounded-br-md bg-ink-950 text-white" : "rounded-bl-md bg-ink-100 text-ink-900",
        )}
        data-role={message.role}
      >
        <span className="sr-only">{isUser ? "You: " : "Assistant: "}</span>
        {isUser ? message.content : <ChatTextView text={message.content} onInternalLink={onInternalLink} />}
      </p>
    </div>
  );
}
