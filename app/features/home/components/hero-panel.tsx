import { CheckIcon, SparklesIcon } from "lucide-react";

const bars = [38, 52, 47, 64, 58, 76, 88];

/**
 * A decorative "assistant at work" card beside the hero text on large screens.
 * Hidden from assistive technology: it illustrates the copy, it adds no facts.
 * Static markup, rendered on the server only (the home page's loader sends it
 * as HTML, app/features/home/home-page.server.tsx): it needs no JavaScript in the browser.
 */
export function HeroPanel() {
  return (
    <div className="relative select-none">
      {/* A soft glow from gradients alone: blur filters are costly to paint on phones. */}
      <div className="absolute -inset-10 rounded-[3rem] bg-[radial-gradient(closest-side,rgb(18_176_142/0.28),transparent)]" />
      <div className="relative rounded-[var(--radius-card)] border border-white/10 bg-ink-900 p-5 shadow-2xl">
        <div className="flex items-center justify-between border-b border-white/10 pb-4">
          <p className="flex items-center gap-2 text-sm font-medium text-white">
            <span className="inline-flex size-7 items-center justify-center rounded-lg bg-gradient-to-br from-aurora-500 to-violet-500">
              <SparklesIcon className="size-3.5" />
            </span>
            Tenant assistant
          </p>
          <p className="flex items-center gap-1.5 text-xs text-aurora-300">
            <span className="size-2 rounded-full bg-aurora-400 motion-safe:animate-pulse-twice" />
            Live
          </p>
        </div>
        <div className="space-y-3 py-5 text-sm">
          <p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-white/10 px-4 py-3 text-ink-100">Can I keep my bike in the hallway?</p>
          <div className="ml-auto max-w-[90%] rounded-2xl rounded-tr-sm bg-aurora-700 px-4 py-3 text-white">
            Not in the hallway, but the bike room in building B is free for tenants. The code is in your welcome letter.
            <span className="mt-2 flex items-center gap-1 text-xs text-aurora-100">
              <CheckIcon className="size-3" /> House rules § 7 · approved by Lise
            </span>
          </div>
        </div>
        <div className="rounded-xl border border-white/10 bg-ink-950/60 p-4">
          <div className="flex items-baseline justify-between">
            <p className="text-xs text-ink-300">Hours saved this month</p>
            <p className="font-display text-2xl font-semibold text-white">46.5</p>
          </div>
          <div className="mt-3 flex h-14 items-end gap-1.5">
            {bars.map((height, index) => (
              <span
                key={height}
                className={index === bars.length - 1 ? "flex-1 rounded-sm bg-aurora-400" : "flex-1 rounded-sm bg-white/15"}
                style={{ height: `${height}%` }}
              />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
