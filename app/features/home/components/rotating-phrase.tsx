import { PauseIcon, PlayIcon } from "lucide-react";
import { startTransition, useEffect, useState } from "react";

export const PHRASE_INTERVAL_MS = 2600;

/**
 * Whether the headline may animate: false on the server, before hydration and
 * while the visitor asks for reduced motion (it follows changes of that setting).
 */
export function useCanAnimate() {
  const [canAnimate, setCanAnimate] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setCanAnimate(!query.matches);
    // Right after hydration: a transition, rendered in small slices rather than one long task.
    startTransition(update);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return canAnimate;
}

/**
 * Cycles through `phrases`. The server renders the first one, so crawlers and
 * visitors without JavaScript read a complete heading. It owns its own timer,
 * so each change re-renders only this span, not the hero around it.
 */
export function RotatingPhrase({ phrases, isRunning }: { phrases: readonly string[]; isRunning: boolean }) {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (!isRunning) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % phrases.length), PHRASE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [isRunning, phrases.length]);

  return (
    <span className="block min-h-[1.1em]" data-testid="rotating-phrase">
      {/* A new key restarts the entrance animation for each phrase. The gradient sits on the
          animated element itself: Chrome drops background-clip text from composited children. */}
      <span key={index} className={index === 0 ? "text-aurora inline-block" : "text-aurora inline-block motion-safe:animate-phrase-in"}>
        {phrases[index] ?? phrases[0]}
      </span>
    </span>
  );
}

/** Stops and restarts the headline animation (WCAG 2.2.2: moving content can be paused). */
export function PhrasePauseButton({ isPaused, onToggle }: { isPaused: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={isPaused}
      className="inline-flex items-center gap-1.5 rounded-full border border-white/20 px-3 py-1.5 text-xs font-medium text-ink-200 hover:bg-white/10"
    >
      {isPaused ? <PlayIcon aria-hidden="true" className="size-3.5" /> : <PauseIcon aria-hidden="true" className="size-3.5" />}
      {isPaused ? "Play headline animation" : "Pause headline animation"}
    </button>
  );
}
