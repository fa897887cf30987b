import { PauseIcon, PlayIcon } from "lucide-react";
import { useEffect, useState } from "react";

export const PHRASE_INTERVAL_MS = 2600;

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Cycles through `phrases`. The server renders the first one, so crawlers and
 * visitors without JavaScript read a complete heading. With reduced motion
 * asked for, it never rotates; otherwise a button pauses it (WCAG 2.2.2).
 */
export function useRotatingPhrase(phrases: readonly string[]) {
  const [index, setIndex] = useState(0);
  const [isPaused, setPaused] = useState(false);
  const [canAnimate, setCanAnimate] = useState(false);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setCanAnimate(!query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  useEffect(() => {
    if (!canAnimate || isPaused || prefersReducedMotion()) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % phrases.length), PHRASE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [canAnimate, isPaused, phrases.length]);

  return { phrase: phrases[index] ?? phrases[0] ?? "", index, isPaused, setPaused, canAnimate };
}

export function RotatingPhrase({ phrase, index }: { phrase: string; index: number }) {
  return (
    <span className="block min-h-[1.1em]" data-testid="rotating-phrase">
      {/* A new key restarts the entrance animation for each phrase. The gradient sits on the
          animated element itself: Chrome drops background-clip text from composited children. */}
      <span key={index} className={index === 0 ? "text-aurora inline-block" : "text-aurora inline-block motion-safe:animate-phrase-in"}>
        {phrase}
      </span>
    </span>
  );
}

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
