import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { tokenizeChatText, type ChatToken } from "../chat-text";

const linkClass = "font-medium text-aurora-700 underline underline-offset-2 hover:text-aurora-600";

/** `onInternalLink`: internal links navigate in the app and call it; without it every link opens in a new tab. */
function render(tokens: ChatToken[], onInternalLink: (() => void) | undefined): ReactNode[] {
  return tokens.map((token, index) => {
    switch (token.type) {
      case "text":
        return <Fragment key={index}>{token.text}</Fragment>;
      case "bold":
        return <strong key={index}>{render(token.children, onInternalLink)}</strong>;
      case "link":
        if (token.kind === "internal" && onInternalLink) {
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
 * ../chat-text.ts), so nothing in it is ever HTML. In the panel internal links
 * navigate in the app and close it (`onInternalLink`); elsewhere (an admin's
 * transcript) every link opens in a new tab. `origin` tells internal links
 * from others (the page's own origin by default).
 */
export function ChatTextView({ text, onInternalLink, origin }: { text: string; onInternalLink?: () => void; origin?: string }) {
  const siteOrigin = origin ?? (typeof window === "undefined" ? undefined : window.location.origin);
  return <>{render(tokenizeChatText(text, siteOrigin), onInternalLink)}</>;
}
