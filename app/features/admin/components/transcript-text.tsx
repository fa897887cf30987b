import { useRouteLoaderData } from "react-router";
import { ChatTextView } from "~/features/chat/components/chat-text-view";

/**
 * An assistant message of a chat transcript as the visitor saw it: **bold** and [links](url), read
 * by the chat's own renderer (features/chat/components/chat-text-view.tsx), so nothing in it is ever
 * HTML and a `javascript:` link stays its label as plain text. Every link opens in a new tab, so the
 * review stays where it is.
 */
export function TranscriptText({ text }: { text: string }) {
  const root = useRouteLoaderData("root") as { publicUrl?: string } | undefined;
  return <ChatTextView text={text} origin={siteOrigin(root?.publicUrl)} />;
}

function siteOrigin(publicUrl: string | undefined): string | undefined {
  if (!publicUrl) return undefined;
  try {
    return new URL(publicUrl).origin;
  } catch {
    return undefined;
  }
}
