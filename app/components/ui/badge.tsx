import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const badgeVariants = cva("ui-badge", {
  variants: {
    variant: {
      neutral: "ui-badge-neutral",
      accent: "ui-badge-accent",
      violet: "ui-badge-violet",
    },
  },
  defaultVariants: { variant: "neutral" },
});

export function Badge({ className, variant, ...props }: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
