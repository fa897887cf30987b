import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** Accessible modal dialog (focus trap, Escape, focus restore) on Radix. */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogTitle = ({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) => (
  <DialogPrimitive.Title className={cn("ui-dialog-title", className)} {...props} />
);
export const DialogDescription = ({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) => (
  <DialogPrimitive.Description className={cn("ui-dialog-description", className)} {...props} />
);

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** "center" for a modal card, "right" for a side sheet. */
  side?: "center" | "right";
  closeLabel?: string;
};

export function DialogContent({ className, children, side = "center", closeLabel = "Close", ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink-950/60 data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn("ui-dialog", side === "center" ? "ui-dialog-center" : "ui-dialog-right", className)}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute right-3 top-3 inline-flex size-10 items-center justify-center rounded-full text-ink-700 hover:bg-ink-100"
          aria-label={closeLabel}
        >
          <XIcon aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
