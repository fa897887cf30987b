import { Fragment, type CSSProperties, type ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { parseModelText, tokenizeModelText, truncateModelTokens, type ModelToken } from "~/lib/model-text";

const linkClass = "font-medium text-aurora-700 underline underline-offset-2 hover:text-ink-950";

export type ModelTextLinks =
  /** Internal links navigate in the app (and call `onInternalLink`); external ones open a new tab. */
  | "in-app"
  /** Every link opens in a new tab (an admin reading a transcript stays where they are). */
  | "new-tab"
  /** Plain `<a>` elements with absolute addresses on `origin`, no router (an e-mail). */
  | "absolute";

type RenderOptions = {
  links: ModelTextLinks;
  origin?: string;
  onInternalLink?: () => void;
  linkClassName: string;
  linkStyle?: CSSProperties;
};

/** A text token's line breaks as <br>, so they show whatever the surrounding `white-space`. */
function textWithBreaks(text: string, key: number): ReactNode {
  if (!text.includes("\n")) return <Fragment key={key}>{text}</Fragment>;
  return (
    <Fragment key={key}>
      {text.split("\n").map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </Fragment>
  );
}

function renderLink(token: Extract<ModelToken, { type: "link" }>, key: number, options: RenderOptions): ReactNode {
  const { links, origin, onInternalLink, linkClassName, linkStyle } = options;
  if (links === "absolute") {
    const href = token.kind === "internal" && origin ? `${origin}${token.href}` : token.href;
    return (
      <a key={key} href={href} style={linkStyle}>
        {token.text}
      </a>
    );
  }
  if (token.kind === "internal" && links === "in-app") {
    return (
      <Link key={key} to={token.href} onClick={onInternalLink} className={linkClassName}>
        {token.text}
      </Link>
    );
  }
  if (token.kind === "mailto") {
    return (
      <a key={key} href={token.href} className={linkClassName}>
        {token.text}
      </a>
    );
  }
  return (
    <a key={key} href={token.href} target="_blank" rel="noopener noreferrer" className={linkClassName}>
      {token.text}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function renderTokens(tokens: ModelToken[], options: RenderOptions): ReactNode[] {
  return tokens.map((token, index) => {
    switch (token.type) {
      case "text":
        return textWithBreaks(token.text, index);
      case "bold":
        return <strong key={index}>{renderTokens(token.children, options)}</strong>;
      case "italic":
        return <em key={index}>{renderTokens(token.children, options)}</em>;
      case "link":
        return renderLink(token, index, options);
    }
  });
}

export type ModelTextProps = {
  text: string;
  /** How links behave; "in-app" by default. */
  links?: ModelTextLinks;
  /** Called when an internal link is followed ("in-app"): the chat panel closes. */
  onInternalLink?: () => void;
  /**
   * The site's origin, which tells internal links from others (and, for "absolute", the base of
   * site paths). Server-rendered pages pass PUBLIC_URL's, so server and browser agree; the chat
   * panel (browser only) uses the page's own by default.
   */
  origin?: string;
  /**
   * "blocks": paragraphs and lists as <p>, <ul>, <ol> (replies, answers).
   * "inline": one run of text for inside a <p> or a heading (summaries): line breaks are spaces.
   */
  layout?: "blocks" | "inline";
  /** "inline" only: at most this many characters (ellipsis included), cut at a word. */
  maxChars?: number;
  linkClassName?: string;
  /** Inline style of links ("absolute": e-mail clients ignore classes). */
  linkStyle?: CSSProperties;
  /** Class of the block wrapper ("blocks"). */
  className?: string;
};

/**
 * Model text as React elements, read by the one tokenizer of ~/lib/model-text.ts: bold,
 * italics, links of the allowed kinds, paragraphs and lists. Nothing in it is ever HTML
 * (no dangerouslySetInnerHTML): a `<script>` in the text shows as those characters and a
 * `javascript:` link is its label as plain text. docs/decisions/0184.
 */
export function ModelText({
  text,
  links = "in-app",
  onInternalLink,
  origin,
  layout = "blocks",
  maxChars,
  linkClassName,
  linkStyle,
  className,
}: ModelTextProps) {
  const siteOrigin = origin ?? (typeof window === "undefined" ? undefined : window.location.origin);
  const options: RenderOptions = { links, origin: siteOrigin, onInternalLink, linkClassName: linkClassName ?? linkClass, linkStyle };
  if (layout === "inline") {
    const tokens = tokenizeModelText(text.replace(/\s+/g, " ").trim(), siteOrigin);
    return <>{renderTokens(maxChars ? truncateModelTokens(tokens, maxChars) : tokens, options)}</>;
  }
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      {parseModelText(text, siteOrigin).map((block, index) => {
        if (block.type === "paragraph") return <p key={index}>{renderTokens(block.children, options)}</p>;
        const List = block.ordered ? "ol" : "ul";
        return (
          <List key={index} className={cn("flex flex-col gap-1 pl-5", block.ordered ? "list-decimal" : "list-disc")}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{renderTokens(item, options)}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}

/** PUBLIC_URL's origin, or undefined when it is not a URL. */
export function originOf(publicUrl: string | undefined): string | undefined {
  if (!publicUrl) return undefined;
  try {
    return new URL(publicUrl).origin;
  } catch {
    return undefined;
  }
}
