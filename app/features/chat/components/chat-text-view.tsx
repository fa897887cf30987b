import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { tokenizeChatText, type ChatToken } from "../chat-text";

const linkClass = "font-medium text-aurora-700 underline underline-offset-2 hover:text-aurora-600";

function render(tokens: ChatToken[], onInternalLink: () => void): ReactNode[] {
  return tokens.map((token, index) => {
    switch (token.type) {
      case "text":
        return <Fragment key={index}>{token.text}</Fragment>;
      case "bold":
        return <strong key={index}>{render(token.children, onInternalLink)}</strong>;
      case "link":
        if (token.kind === "internal") {
          return (
            <Link key={index} to={token.href} onClick={onInternalLink} className={linkClass}>
              {token.text}
            </Link>
          );
        }
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
    }
  });
}

/**
 * Assistant text as React elements: **bold** and [links](url) only (see
 * ../chat-text.ts). Internal links navigate in the app and close the panel.
 */
export function ChatTextView({ text, onInternalLink }: { text: string; onInternalLink: () => void }) {
  const origin = typeof window === "undefined" ? undefined : window.location.origin;
  return <>{render(tokenizeChatText(text, origin), onInternalLink)}</>;
}
