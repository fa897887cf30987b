import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * A native checkbox: it submits with a plain form post (no JavaScript needed),
 * unlike a scripted toggle button.
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      className={cn(
        "mt-0.5 size-5 shrink-0 cursor-pointer rounded border-ink-400 accent-aurora-700 disabled:cursor-not-allowed aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-danger-700",
        className,
      )}
      {...props}
    />
  );
}
