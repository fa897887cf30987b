import { ChevronUp, Minus, Sparkles, XIcon } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, type RefObject } from "react";
import { chatCopy } from "~/content/chat";
import { cn } from "~/lib/cn";
import { useChatConversation } from "../use-chat-conversation";
import { Composer, ConversationLog } from "./conversation";
import { IntroForm } from "./intro-form";
import type { PanelMode } from "./panel-mode";

/**
 * The chat panel: a non-modal dialog (focus moves in on open and back to the
 * button on close, Escape closes) of 380 x 600 px, 56 px high when minimised,
 * full-screen on narrow phones. First the intro form, then the conversation.
 * What it does is in use-chat-conversation.ts; the log and the message box in conversation.tsx.
 */
export default function ChatPanel({ mode, onModeChange }: { mode: PanelMode; onModeChange: (mode: PanelMode) => void }) {
  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const chat = useChatConversation();
  const { state, startForm } = chat;
  const isOpen = mode === "open";
  const showForm = state.showLeadForm || chat.isEditingContact;
  const close = () => onModeChange("closed");

  useEffect(startForm, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, when the panel first mounts
  usePanelFocus(panelRef, isOpen, showForm, onModeChange);

  // Keep the newest message in view.
  useLayoutEffect(() => {
    if (isOpen) endRef.current?.scrollIntoView({ block: "end" });
  }, [isOpen, state.messages.length, chat.streaming, chat.savePrompt]);

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
      <PanelHeader titleId={titleId} isOpen={isOpen} onModeChange={onModeChange} />
      {!isOpen ? null : showForm ? (
        <div className="flex-1 overflow-y-auto">
          <IntroForm
            mode={chat.isEditingContact ? "update" : "intro"}
            initial={chat.isEditingContact ? (state.contact ?? undefined) : undefined}
            onSubmit={chat.submitLead}
            onSkip={chat.skip}
          />
        </div>
      ) : (
        <>
          <ConversationLog
            messages={state.messages}
            streaming={chat.streaming}
            isBusy={chat.isBusy}
            savePrompt={chat.savePrompt}
            endRef={endRef}
            onSend={(text) => void chat.send(text)}
            onSaveEmail={(email) => void chat.saveEmail(email)}
            onDeclineEmail={chat.declineEmail}
            onInternalLink={close}
          />
          <Composer
            inputId={`${titleId}-input`}
            input={chat.input}
            onInput={chat.setInput}
            isBusy={chat.isBusy}
            showQuickReplies={state.messages.some((message) => message.role === "user")}
            canUpdateContact={state.hasSubmittedLead && Boolean(state.contact)}
            onSend={(text) => void chat.send(text)}
            onUpdateContact={() => chat.setEditingContact(true)}
          />
        </>
      )}
    </section>
  );
}

/** Focus moves into the panel when it opens or expands (first field or the message box); Escape inside it closes it. */
function usePanelFocus(panelRef: RefObject<HTMLElement | null>, isOpen: boolean, showForm: boolean, onModeChange: (mode: PanelMode) => void) {
  useEffect(() => {
    if (!isOpen) return;
    const panel = panelRef.current;
    const target = panel?.querySelector<HTMLElement>("input, textarea:not([disabled])") ?? panel;
    target?.focus();
  }, [panelRef, isOpen, showForm]);

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
  }, [panelRef, onModeChange]);
}

function PanelHeader({ titleId, isOpen, onModeChange }: { titleId: string; isOpen: boolean; onModeChange: (mode: PanelMode) => void }) {
  return (
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
        onClick={() => onModeChange("closed")}
        aria-label="Close chat"
        className="inline-flex size-10 items-center justify-center rounded-full hover:bg-white/10"
      >
        <XIcon aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
