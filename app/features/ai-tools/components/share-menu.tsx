import { CopyIcon, Share2Icon } from "lucide-react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { copyText, shareLinks } from "../share";

/** "Copy" next to a result: toast 'Copied!' or 'Copy failed'. */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={!text.trim()}
      onClick={async () => {
        if (await copyText(text)) toast.success("Copied!");
        else toast.error("Copy failed");
      }}
    >
      <CopyIcon aria-hidden="true" />
      {label}
    </Button>
  );
}

/**
 * Share a result (SPEC section 2): LinkedIn (copy, then open LinkedIn to
 * paste), WhatsApp, Facebook (256 characters), X (280), Copy to clipboard.
 */
export function ShareMenu({ text, label = "Share" }: { text: string; label?: string }) {
  const pageUrl = typeof window === "undefined" ? "" : `${window.location.origin}/try-ai`;
  const links = shareLinks(text, pageUrl);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="sm" disabled={!text.trim()}>
          <Share2Icon aria-hidden="true" />
          {label}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem
          onSelect={async () => {
            // Copy while this page has the focus, then open LinkedIn to paste it there.
            if (await copyText(text)) toast.success("Copied!", { description: "Paste it into your LinkedIn post." });
            else toast.error("Please copy manually");
            window.open(links.linkedin, "_blank", "noopener,noreferrer");
          }}
        >
          LinkedIn (copy and open)
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={links.whatsapp} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={links.facebook} target="_blank" rel="noopener noreferrer">
            Facebook
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={links.x} target="_blank" rel="noopener noreferrer">
            X
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={async () => {
            if (await copyText(text)) toast.success("Copied", { description: "Content copied" });
            else toast.error("Failed to copy to clipboard");
          }}
        >
          Copy to clipboard
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function ResultActions({ text }: { text: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <CopyButton text={text} />
      <ShareMenu text={text} />
    </div>
  );
}
