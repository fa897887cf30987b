import { SendHorizontal } from "lucide-react";
import type { FormEvent, KeyboardEvent, RefObject } from "react";
import { ModelText } from "~/components/model-text";
import { Button } from "~/components/ui/button";
import { chatCopy } from "~/content/chat";
import { cn } from "~/lib/cn";
import { CHAT_LIMITS, CHAT_MESSAGES, type ChatMessage } from "../schema";

/** The conversation log: messages, the reply streaming in, 'Thinking...', suggested prompts and the e-mail save prompt. */
export function ConversationLog({
  messages,
  streaming,
  isBusy,
  savePrompt,
  endRef,
  onSend,
  onSaveEmail,
  onDeclineEmail,
  onInternalLink,
}: {
  messages: ChatMessage[];
  streaming: string | null;
  isBusy: boolean;
  savePrompt: string | null;
  endRef: RefObject<HTMLDivElement | null>;
  onSend: (text: string) => void;
  onSaveEmail: (email: string) => void;
  onDeclineEmail: (email: string) => void;
  onInternalLink: () => void;
}) {
  const hasUserMessage = messages.some((message) => message.role === "user");
  return (
    <div role="log" aria-label="Conversation" aria-busy={isBusy} className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-4">
      {messages.map((message, index) => (
        <MessageBubble key={index} message={message} onInternalLink={onInternalLink} />
      ))}
      {streaming ? <MessageBubble message={{ role: "assistant", content: streaming }} onInternalLink={onInternalLink} /> : null}
      {streaming === "" ? <Thinking /> : null}
      {!hasUserMessage && !isBusy ? <SuggestedPrompts onSend={onSend} /> : null}
      {savePrompt ? <SaveEmailPrompt email={savePrompt} onSave={onSaveEmail} onDecline={onDeclineEmail} /> : null}
      <div ref={endRef} />
    </div>
  );
}

function Thinking() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-ink-600">
      <span aria-hidden="true" className="inline-flex gap-1">
        <span className="size-1.5 animate-pulse rounded-full bg-ink-400 motion-reduce:animate-none" />
        <span className="size-1.5 animate-pulse rounded-full bg-ink-400 [animation-delay:150ms] motion-reduce:animate-none" />
        <span className="size-1.5 animate-pulse rounded-full bg-ink-400 [animation-delay:300ms] motion-reduce:animate-none" />
      </span>
      {CHAT_MESSAGES.thinking}
    </p>
  );
}

function SuggestedPrompts({ onSend }: { onSend: (text: string) => void }) {
  return (
    <div className="space-y-2 pt-1">
      <p className="text-xs font-medium uppercase tracking-wide text-ink-600">Suggested questions</p>
      <ul className="flex flex-col items-start gap-2">
        {chatCopy.suggestedPrompts.map((prompt) => (
          <li key={prompt}>
            <button
              type="button"
              onClick={() => onSend(prompt)}
              className="rounded-full border border-aurora-700/40 bg-aurora-100/60 px-3 py-1.5 text-left text-sm text-ink-900 hover:bg-aurora-100"
            >
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SaveEmailPrompt({
  email,
  onSave,
  onDecline,
}: {
  email: string;
  onSave: (email: string) => void;
  onDecline: (email: string) => void;
}) {
  return (
    <div role="group" aria-label="Save your e-mail" className="rounded-xl border border-ink-200 bg-ink-50 p-3 text-sm">
      <p className="font-medium text-ink-900">Save {email}?</p>
      <p className="mt-0.5 text-ink-600">We'll use it only to follow up on this chat.</p>
      <div className="mt-2 flex gap-2">
        <Button size="sm" onClick={() => onSave(email)}>
          Yes
        </Button>
        <Button size="sm" variant="outline" onClick={() => onDecline(email)}>
          No
        </Button>
      </div>
    </div>
  );
}

function MessageBubble({ message, onInternalLink }: { message: ChatMessage; onInternalLink: () => void }) {
  const isUser = message.role === "user";
  return (
    <div className={cn("flex", isUser ? "justify-end" : "justify-start")}>
      <div
        className={cn(
          "max-w-[85%] break-words rounded-2xl px-3.5 py-2 text-sm leading-relaxed",
          isUser ? "whitespace-pre-wrap rounded-br-md bg-ink-950 text-white" : "rounded-bl-md bg-ink-100 text-ink-900",
        )}
        data-role={message.role}
      >
        <span className="sr-only">{isUser ? "You: " : "Assistant: "}</span>
        {isUser ? message.content : <ModelText text={message.content} onInternalLink={onInternalLink} />}
      </div>
    </div>
  );
}

/** Below the log: quick replies after the first question, the message box, and 'Update your contact info'. */
export function Composer(props: {
  inputId: string;
  input: string;
  onInput: (text: string) => void;
  isBusy: boolean;
  showQuickReplies: boolean;
  canUpdateContact: boolean;
  onSend: (text: string) => void;
  onUpdateContact: () => void;
}) {
  const { input, isBusy, onSend } = props;
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSend(input);
    }
  }
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onSend(input);
  }
  return (
    <div className="shrink-0 border-t border-ink-200 px-3 pb-3 pt-2">
      {props.showQuickReplies && !isBusy ? <QuickReplies onSend={onSend} /> : null}
      <form onSubmit={onSubmit} className="flex items-end gap-2">
        <label htmlFor={props.inputId} className="sr-only">
          Your message
        </label>
        <textarea
          id={props.inputId}
          value={input}
          onChange={(event) => props.onInput(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={CHAT_MESSAGES.placeholder}
          maxLength={CHAT_LIMITS.messageChars}
          rows={2}
          className="max-h-32 min-h-11 flex-1 resize-none rounded-[var(--radius-control)] border border-ink-300 bg-white px-3 py-2 text-base text-ink-950 placeholder:text-ink-500 focus-visible:border-violet-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-violet-500 sm:text-sm"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={isBusy || !input.trim()}>
          <SendHorizontal aria-hidden="true" />
        </Button>
      </form>
      {props.canUpdateContact ? (
        <button
          type="button"
          onClick={props.onUpdateContact}
          className="mt-1.5 text-xs font-medium text-aurora-700 underline underline-offset-2 hover:text-ink-950"
        >
          Update your contact info
        </button>
      ) : null}
    </div>
  );
}

function QuickReplies({ onSend }: { onSend: (text: string) => void }) {
  return (
    <ul aria-label="Quick replies" className="mb-2 flex gap-2 overflow-x-auto pb-1">
      {chatCopy.quickReplies.map((reply) => (
        <li key={reply} className="shrink-0">
          <button
            type="button"
            onClick={() => onSend(reply)}
            className="rounded-full border border-ink-300 bg-white px-3 py-1 text-xs text-ink-800 hover:bg-ink-100"
          >
            {reply}
          </button>
        </li>
      ))}
    </ul>
  );
}
