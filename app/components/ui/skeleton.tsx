import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** A grey placeholder block while content loads (pulses unless reduced motion is asked for). */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("ui-skeleton", className)} {...props} />;
}
