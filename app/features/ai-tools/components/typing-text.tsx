import { useEffect, useRef } from "react";

/** docs/product.md#limits-and-constants: 100 ms per typed character, 50 ms per deletion, 2 s pause on a full word. */
export const TYPING_MS = { type: 100, delete: 50, pause: 2000 } as const;

/**
 * Cycles through `words`, typing and deleting them. Starts with the first
 * word in full (the server renders it), stays still when the visitor asks for
 * reduced motion, and gives screen readers the plain list instead. The
 * letters are written straight into the DOM: re-rendering through React ten
 * times a second kept the main thread busy for nothing.
 */
export function TypingText({ words, className }: { words: readonly string[]; className?: string }) {
  const textRef = useRef<HTMLSpanElement>(null);
  const longest = Math.max(...words.map((word) => word.length));

  useEffect(() => {
    const setText = (value: string) => {
      if (textRef.current) textRef.current.textContent = value;
    };
    const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wordIndex = 0;
    let length = words[0]?.length ?? 0;

    const deleteStep = () => {
      length -= 1;
      setText((words[wordIndex] ?? "").slice(0, length));
      if (length > 0) {
        timer = setTimeout(deleteStep, TYPING_MS.delete);
      } else {
        wordIndex = (wordIndex + 1) % words.length;
        timer = setTimeout(typeStep, TYPING_MS.type);
      }
    };
    const typeStep = () => {
      const word = words[wordIndex] ?? "";
      length += 1;
      setText(word.slice(0, length));
      timer = length < word.length ? setTimeout(typeStep, TYPING_MS.type) : setTimeout(deleteStep, TYPING_MS.pause);
    };

    const start = () => {
      clearTimeout(timer);
      wordIndex = 0;
      length = words[0]?.length ?? 0;
      setText(words[0] ?? "");
      if (!motion.matches && words.length > 1) timer = setTimeout(deleteStep, TYPING_MS.pause);
    };
    start();
    motion.addEventListener("change", start);
    return () => {
      clearTimeout(timer);
      motion.removeEventListener("change", start);
    };
  }, [words]);

  return (
    <span className={className}>
      <span className="sr-only">{words.join(", ")}</span>
      {/* A fixed-size, contained box: each letter re-lays out only this box, not the page. */}
      <span
        aria-hidden="true"
        className="inline-block h-[1.5em] overflow-hidden whitespace-nowrap align-bottom [contain:strict]"
        style={{ width: `${longest + 1}ch` }}
      >
        {/* The caret is this span's right border: the text grows and shrinks, nothing moves (no layout shift). */}
        <span ref={textRef} data-testid="typing-text" className="border-r-[0.08em] border-current/70 pr-0.5">
          {words[0]}
        </span>
      </span>
    </span>
  );
}
