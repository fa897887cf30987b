import { Fragment, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { tokenizeChatText, type ChatToken } from "~/features/chat/chat-text";

const linkClass = "font-medium text-aurora-700 underline underline-offset-2 hover:text-aurora-600";

/**
 * An assistant message of a chat transcript as the visitor saw it: **bold** and [links](url), read
 * by the chat's own tokenizer (features/chat/chat-text.ts), so nothing in it is ever HTML and a
 * `javascript:` link stays its label as plain text. Every link opens in a new tab, so the review
 * stays where it is.
 */
export function TranscriptText({ text }: { text: string }) {
  const root = useRouteLoaderData("root") as { publicUrl?: string } | undefined;
  const origin = siteOrigin(root?.publicUrl);
  return <>{renderTokens(tokenizeChatText(text, origin))}</>;
}

function siteOrigin(publicUrl: string | undefined): string | undefined {
  if (!publicUrl) return undefined;
  try {
    return new URL(publicUrl).origin;
  } catch {
    return undefined;
  }
}

function renderTokens(tokens: ChatToken[]): ReactNode[] {
  return tokens.map((token, index) => {
    if (token.type === "text") return <Fragment key={index}>{token.text}</Fragment>;
    if (token.type === "bold") return <strong key={index}>{renderTokens(token.children)}</strong>;
    if (token.kind === "mailto") {
      return (
        <a key={index} href={token.href} className={linkClass}>
          {token.text}
        </a>
      );
    }
    return (
      <a key={index} href={token.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {token.text}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  });
}
