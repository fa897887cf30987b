import { BotIcon, SendIcon, Trash2Icon } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { ModelText } from "~/components/model-text";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { modelTextToPlain } from "~/lib/model-text";
import { streamJsonEvents } from "~/lib/stream-json-events";
import { showAiError } from "../show-ai-error";
import { AI_LIMITS, STORAGE_KEYS, type AiChatResponse } from "../options";
import { storedSecretaryMessagesSchema } from "../stored-state";
import { usePersistentState } from "../use-persistent-state";
import { ResultActions } from "./share-menu";

type Message = { role: "user" | "assistant"; content: string };
const noMessages: Message[] = [];

export const secretaryStarterPrompts = [
  "Draft a polite reply that moves Thursday's meeting to next week",
  "Turn these notes into a to-do list: call Anna, send the invoice, book flights to Oslo",
  "Write a short agenda for a 30-minute project kickoff",
] as const;

/**
 * The AI secretary (docs/product.md#try-ai-tools): a chat with three starter prompts.
 * Enter sends (Shift+Enter adds a line); blank input or a running request
 * does nothing. The conversation (without the system message) is kept in
 * localStorage under aiSecretaryMessages.
 */
export function SecretaryTab({ isAvailable }: { isAvailable: boolean }) {
  const [messages, setMessages] = usePersistentState<Message[]>(STORAGE_KEYS.secretary, storedSecretaryMessagesSchema, noMessages);
  const [input, setInput] = useState("");
  const [isBusy, setBusy] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages]);

  async function send(text: string) {
    const content = text.trim();
    if (!content || isBusy || !isAvailable) return;
    const history: Message[] = [...messages, { role: "user", content }];
    setMessages([...history, { role: "assistant", content: "" }]);
    setInput("");
    setBusy(true);

    const updateReply = (reply: string) => setMessages((current) => [...current.slice(0, -1), { role: "assistant", content: reply }]);
    let reply = "";
    try {
      // The last 12 messages including the system message, which the server adds.
      const result = await streamJsonEvents<AiChatResponse>(
        "/api/ai-chat/stream",
        { messages: history.slice(-(AI_LIMITS.historyMessages - 1)) },
        {
          onDelta: (delta) => {
            reply += delta;
            updateReply(reply);
          },
        },
      );
      updateReply(result.content);
    } catch (error) {
      // Keep what arrived. With nothing back, take the message back into the input (as the chat
      // does), so what was typed is not lost and can be sent again.
      if (!reply) {
        setMessages((current) => current.slice(0, -2));
        setInput((current) => current || content);
      }
      showAiError(error, { title: "AI Error", fallback: "Failed to get response" });
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send(input);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(input);
    }
  }

  const last = messages.at(-1);
  const isThinking = isBusy && last?.role === "assistant" && !last.content;

  return (
    <section aria-labelledby="secretary-heading" className="flex flex-col gap-4">
      <SecretaryHeader canClear={messages.length > 0} isBusy={isBusy} onClear={() => setMessages([])} />

      <div
        ref={logRef}
        role="log"
        aria-label="Conversation with the AI secretary"
        aria-live="polite"
        aria-busy={isBusy}
        // Scrollable region: keyboard users must be able to reach it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="flex max-h-[28rem] min-h-56 flex-col gap-3 overflow-y-auto rounded-[var(--radius-card)] border border-ink-200 bg-ink-50 p-4"
      >
        <SecretaryMessages messages={messages} isBusy={isBusy} isAvailable={isAvailable} onPrompt={(prompt) => void send(prompt)} />
        {isThinking ? (
          <p className="self-start rounded-2xl border border-ink-200 bg-white px-4 py-2.5 text-sm text-ink-600">
            <span className="animate-pulse motion-reduce:animate-none">Thinking...</span>
          </p>
        ) : null}
      </div>

      <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <label htmlFor="secretary-input" className="sr-only">
          Message to the AI secretary
        </label>
        <Textarea
          id="secretary-input"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={AI_LIMITS.messageChars}
          rows={2}
          placeholder="Ask your AI secretary... (Enter sends, Shift+Enter for a new line)"
          className="min-h-14 flex-1 resize-y"
          disabled={!isAvailable}
        />
        <Button type="submit" disabled={isBusy || !input.trim() || !isAvailable} className="sm:w-36">
          <SendIcon aria-hidden="true" />
          {isBusy ? "Thinking..." : "Send"}
        </Button>
      </form>
    </section>
  );
}

/** The conversation: the starter prompts while it is empty, then each message with its actions. */
function SecretaryMessages(props: { messages: Message[]; isBusy: boolean; isAvailable: boolean; onPrompt: (prompt: string) => void }) {
  const { messages, isBusy, isAvailable } = props;
  return (
    <>
      {messages.length === 0 ? (
        <div className="m-auto flex max-w-md flex-col items-center gap-3 text-center">
          <p className="text-ink-700">Ask anything you would ask a sharp assistant. Or start with one of these:</p>
          <ul className="flex w-full flex-col gap-2" aria-label="Starter prompts">
            {secretaryStarterPrompts.map((prompt) => (
              <li key={prompt}>
                <Button
                  type="button"
                  variant="outline"
                  className="h-auto w-full whitespace-normal py-2.5 text-left"
                  disabled={isBusy || !isAvailable}
                  onClick={() => props.onPrompt(prompt)}
                >
                  {prompt}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        messages.map((message, index) => (
          <div
            key={index}
            className={cn("flex max-w-[85%] flex-col gap-2", message.role === "user" ? "self-end items-end" : "self-start items-start")}
          >
            <p className="sr-only">{message.role === "user" ? "You:" : "AI secretary:"}</p>
            {message.content ? (
              <div
                className={cn(
                  "break-words rounded-2xl px-4 py-2.5 text-[0.95rem]",
                  message.role === "user" ? "whitespace-pre-wrap bg-ink-950 text-white" : "border border-ink-200 bg-white text-ink-900",
                )}
              >
                {/* The model's Markdown through the one renderer of model text (decision 0184); the visitor's text as typed. */}
                {message.role === "user" ? message.content : <ModelText text={message.content} />}
              </div>
            ) : null}
            {message.role === "assistant" && message.content && !(isBusy && index === messages.length - 1) ? (
              // Copied and shared as plain text (links as "label (address)"): the reader's app would show the asterisks.
              // Messages come from localStorage, so this only runs in the browser.
              <ResultActions text={modelTextToPlain(message.content, { siteUrl: window.location.origin })} />
            ) : null}
          </div>
        ))
      )}
    </>
  );
}

function SecretaryHeader(props: { canClear: boolean; isBusy: boolean; onClear: () => void }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-full bg-aurora-100 text-aurora-700">
          <BotIcon aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="secretary-heading" className="text-xl font-semibold">
            AI secretary
          </h2>
          <p className="text-sm text-ink-600">Replies, to-do lists, agendas and quick drafts.</p>
        </div>
      </div>
      {props.canClear ? (
        <Button type="button" variant="ghost" size="sm" disabled={props.isBusy} onClick={props.onClear}>
          <Trash2Icon aria-hidden="true" />
          Clear chat
        </Button>
      ) : null}
    </div>
  );
}
