import { CopyIcon, Share2Icon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { toast } from "~/lib/notify";
import { Button } from "~/components/ui/button";
import { copyText } from "../share";

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

// The menu itself (Radix: roving focus, typeahead, Escape) is downloaded when it is first wanted.
const loadDropdown = () => import("./share-menu-dropdown");
const ShareMenuDropdown = lazy(loadDropdown);
const preloadDropdown = () => void loadDropdown();

/**
 * Share a result (docs/product.md#try-ai-tools): LinkedIn (copy, then open LinkedIn to
 * paste), WhatsApp, Facebook (256 characters), X (280), Copy to clipboard.
 * Until it is first opened this is a plain button; pressing it (pointer,
 * Enter, Space or Arrow Down) loads the menu, which opens with focus on
 * its first item.
 */
export function ShareMenu({ text, label = "Share" }: { text: string; label?: string }) {
  const [isRequested, setRequested] = useState(false);
  const trigger = (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={!text.trim()}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preloadDropdown}
      onFocus={preloadDropdown}
      onClick={() => setRequested(true)}
      onKeyDown={(event) => {
        if (event.key === "ArrowDown") {
          event.preventDefault();
          setRequested(true);
        }
      }}
    >
      <Share2Icon aria-hidden="true" />
      {label}
    </Button>
  );
  if (!isRequested) return trigger;
  return (
    <Suspense fallback={trigger}>
      <ShareMenuDropdown text={text} label={label} />
    </Suspense>
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
