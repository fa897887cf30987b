import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const controlClass =
  "w-full rounded-[var(--radius-control)] border border-ink-300 bg-white px-3.5 text-base text-ink-950 placeholder:text-ink-500 transition-colors focus-visible:border-violet-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-violet-500 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-danger-700";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(controlClass, "h-11", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(controlClass, "min-h-32 py-2.5", className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor
  return <label className={cn("text-sm font-medium text-ink-900", className)} {...props} />;
}
