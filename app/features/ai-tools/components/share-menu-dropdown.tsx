import { Share2Icon } from "lucide-react";
import { toast } from "~/lib/notify";
import { Button } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { copyText, shareLinks } from "../share";

/**
 * Share a result (docs/product.md#try-ai-tools): LinkedIn (copy, then open LinkedIn to
 * paste), WhatsApp, Facebook (256 characters), X (280), Copy to clipboard.
 */
export default function ShareMenuDropdown({ text, label }: { text: string; label: string }) {
  const pageUrl = typeof window === "undefined" ? "" : `${window.location.origin}/try-ai`;
  const links = shareLinks(text, pageUrl);
  return (
    // Mounted when the visitor first asks for the menu: it opens straight away.
    <DropdownMenu defaultOpen>
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
