import { MessageCircle } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { PanelMode } from "./panel-mode";

// The panel (and everything it needs: state, markdown, zod, streaming) loads on first open.
const loadPanel = () => import("./chat-panel");
const ChatPanel = lazy(loadPanel);

/**
 * The floating chat button on every page (mounted once in the root layout).
 * The button is server-rendered and tiny; the panel's code is fetched when
 * the visitor first opens it (or hovers/focuses the button, to be ready).
 * Once loaded the panel stays mounted while closed, so the conversation and
 * a streaming reply survive closing and reopening.
 */
export function ChatWidget() {
  const [mode, setMode] = useState<PanelMode>("closed");
  const [isLoaded, setLoaded] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  const open = useCallback(() => {
    setLoaded(true);
    setMode("open");
  }, []);

  const changeMode = useCallback((next: PanelMode) => {
    if (next === "closed") returnFocus.current = true;
    setMode(next);
  }, []);

  useEffect(() => {
    if (mode === "closed" && returnFocus.current) {
      returnFocus.current = false;
      launcher.current?.focus();
    }
  }, [mode]);

  return (
    <>
      <button
        ref={launcher}
        type="button"
        hidden={mode !== "closed"}
        onClick={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        aria-label="Chat with us"
        aria-haspopup="dialog"
        aria-expanded={mode !== "closed"}
        // Above the cookie banner (z-30): on a phone the banner spans the bottom, and the button sits in
        // the empty column the banner keeps at its right (pr-14), so neither covers the other's controls.
        className="chat-launcher fixed bottom-4 right-4 z-40 inline-flex size-14 items-center justify-center rounded-full text-ink-950 transition-transform hover:scale-105 motion-reduce:transition-none motion-reduce:hover:scale-100 sm:bottom-6 sm:right-6"
        data-chat-launcher=""
        // Nothing opens it without JavaScript: hidden then (/no-script.css, decision 0177).
        data-requires-script=""
      >
        <MessageCircle aria-hidden="true" className="size-6" />
      </button>
      {isLoaded ? (
        <Suspense fallback={<PanelLoading />}>
          <ChatPanel mode={mode} onModeChange={changeMode} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Shown for the moment the panel's code is on its way. */
function PanelLoading() {
  return (
    <div
      role="status"
      className="fixed bottom-4 right-4 z-[45] flex h-14 w-[380px] max-w-[calc(100vw-2rem)] items-center rounded-[var(--radius-card)] bg-ink-950 px-4 text-sm text-white shadow-[var(--shadow-card)] sm:bottom-6 sm:right-6"
    >
      Opening chat…
    </div>
  );
}
