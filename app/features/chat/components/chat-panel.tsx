import { ChevronUp, Minus, Sparkles, XIcon } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from "react";
import { chatCopy } from "~/content/chat";
import { cn } from "~/lib/cn";
import { useChatConversation } from "../use-chat-conversation";
import { Composer, ConversationLog } from "./conversation";
import { IntroForm } from "./intro-form";
import type { ChatNotice } from "../use-chat-notice";
import type { PanelMode } from "./panel-mode";

/**
 * The chat panel: a non-modal dialog (focus moves in on open and back to the
 * button on close, Escape closes) of 380 x 600 px, 56 px high when minimised,
 * full-screen on narrow phones; never taller than the window, and above the
 * cookie banner while that shows (useBannerClearance), so neither covers the
 * other's buttons. Its body scrolls. First the intro form, then the conversation.
 * Success and error messages show at its top (ChatNoticeBar), never over a message.
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
  const clearance = useBannerClearance(mode !== "closed");

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
      style={clearance}
      className={cn(
        "fixed z-[45] flex flex-col overflow-hidden border-ink-200 bg-white shadow-[var(--shadow-card)] focus:outline-none",
        "max-sm:inset-x-0 max-sm:bottom-0",
        "sm:bottom-6 sm:right-6 sm:w-[380px] sm:max-w-[calc(100vw-3rem)] sm:rounded-[var(--radius-card)] sm:border",
        isOpen ? "max-sm:top-0 sm:h-[600px] sm:max-h-[calc(100dvh-3rem)]" : "h-14",
      )}
    >
      <PanelHeader titleId={titleId} isOpen={isOpen} onModeChange={onModeChange} />
      {isOpen && chat.notice ? <ChatNoticeBar notice={chat.notice} onDismiss={chat.dismissNotice} /> : null}
      {!isOpen ? null : showForm ? (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <IntroForm
            mode={chat.isEditingContact ? "update" : "intro"}
            initial={chat.isEditingContact ? (state.contact ?? undefined) : undefined}
            onSubmit={chat.submitLead}
            onSkip={chat.skip}
            onNotice={chat.showNotice}
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

/** Room between the panel's top and the window's, on screens where the panel is not full-screen (sm: 1.5rem). */
const TOP_MARGIN_PX = 24;
/** Space between the panel and the cookie banner above which it sits. */
const BANNER_GAP_PX = 8;

/**
 * While the cookie banner shows (app/features/consent/components/cookie-banner.tsx: no choice stored, or reopened),
 * the panel's bottom sits above the banner's top and its height shrinks to what is left, so the
 * banner's buttons and the panel's own stay visible and clickable at every size. Measured, since
 * the banner's height depends on the width; followed as the window resizes, the banner changes
 * size, or a choice hides it (attributes on <html>). Undefined (the classes' own placement) when
 * no banner shows.
 */
function useBannerClearance(isShown: boolean): CSSProperties | undefined {
  const [space, setSpace] = useState(0);
  useEffect(() => {
    if (!isShown) return;
    const measure = () => {
      const banner = document.querySelector<HTMLElement>('[data-consent-gate="undecided"]');
      const rect = banner && getComputedStyle(banner).display !== "none" ? banner.getBoundingClientRect() : null;
      setSpace(rect && rect.height > 0 ? Math.max(0, Math.ceil(window.innerHeight - rect.top + BANNER_GAP_PX)) : 0);
    };
    measure();
    const banner = document.querySelector('[data-consent-gate="undecided"]');
    const resize = new ResizeObserver(measure);
    if (banner) resize.observe(banner);
    const choice = new MutationObserver(measure);
    choice.observe(document.documentElement, { attributes: true, attributeFilter: ["data-consent", "data-consent-open"] });
    window.addEventListener("resize", measure);
    return () => {
      resize.disconnect();
      choice.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [isShown]);
  if (!space) return undefined;
  const isFullScreen = typeof window !== "undefined" && !window.matchMedia("(min-width: 640px)").matches;
  return { bottom: `${space}px`, maxHeight: `calc(100dvh - ${space}px - ${isFullScreen ? 0 : TOP_MARGIN_PX}px)` };
}

/** One success or error message at the top of the panel, in its layout: it moves the messages down, never covers them. */
function ChatNoticeBar({ notice, onDismiss }: { notice: ChatNotice; onDismiss: () => void }) {
  const isError = notice.kind === "error";
  return (
    <div
      role={isError ? "alert" : "status"}
      data-chat-notice={notice.kind}
      className={cn(
        "flex shrink-0 items-start gap-2 border-b px-4 py-2.5 text-sm",
        isError ? "border-danger-700/30 bg-danger-100 text-ink-950" : "border-aurora-300 bg-aurora-100 text-ink-950",
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{notice.title}</p>
        {notice.description ? <p>{notice.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss message"
        className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-black/5"
      >
        <XIcon aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/** Focus moves into the panel when it opens or expands (first field or the message box); Escape inside it closes it. */
function usePanelFocus(
  panelRef: RefObject<HTMLElement | null>,
  isOpen: boolean,
  showForm: boolean,
  onModeChange: (mode: PanelMode) => void,
) {
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
