import { ChevronDownIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** A native <select> styled like the other controls (works without JavaScript, best on mobile). */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <div className="relative">
      <select
        className={cn(
          "h-11 w-full appearance-none rounded-[var(--radius-control)] border border-ink-300 bg-white pl-3.5 pr-10 text-base text-ink-950 focus-visible:border-violet-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-violet-500 disabled:cursor-not-allowed disabled:opacity-60",
          className,
        )}
        {...props}
      />
      <ChevronDownIcon aria-hidden="true" className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-ink-600" />
    </div>
  );
}

/** One <option> a value, labelled by `label` (the value itself when it has no label). */
export function Options<T extends string>({
  values,
  label,
}: {
  values: readonly T[];
  label: Partial<Record<T, string>> | ((value: T) => string);
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {(typeof label === "function" ? label(value) : label[value]) ?? value}
    </option>
  ));
}
