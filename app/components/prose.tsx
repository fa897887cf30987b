import { createContext, useContext, type ReactNode } from "react";

/**
 * Long text written in Markdown (docs/content.md, "Writing long text"): each stored paragraph is
 * one block of the text, a plain paragraph or Markdown. The server renders the Markdown ones to
 * sanitised HTML (app/features/content/markdown.server.ts) and the route's loader sends them as a
 * `ProseMap`; the page's JavaScript carries no Markdown parser. A plain paragraph is not in the
 * map and is shown as it always was.
 */
export type ProseBlock = { tag: "p" | "ul" | "ol" | "h3" | "h4" | "pre"; html: string };

/** Field path (`summary`, `sections.1.paragraphs`) → paragraph index → its blocks. */
export type ProseMap = Record<string, Record<string, ProseBlock[]>>;

const ProseContext = createContext<ProseMap>({});

export function ProseProvider({ prose, children }: { prose: ProseMap | undefined; children: ReactNode }) {
  return <ProseContext.Provider value={prose ?? {}}>{children}</ProseContext.Provider>;
}

/** Inline links, emphasis and code inside a rendered block. */
const INLINE = "[&_a]:font-medium [&_a]:text-aurora-700 [&_a]:underline [&_a]:underline-offset-2 [&_code]:font-mono [&_code]:text-[0.9em]";

export function ProseBlocks({ blocks }: { blocks: readonly ProseBlock[] }) {
  return blocks.map((block, index) => {
    const html = { __html: block.html };
    switch (block.tag) {
      case "ul":
        return <ul key={index} className={`list-disc space-y-1 pl-6 ${INLINE}`} dangerouslySetInnerHTML={html} />;
      case "ol":
        return <ol key={index} className={`list-decimal space-y-1 pl-6 ${INLINE}`} dangerouslySetInnerHTML={html} />;
      case "h3":
        return <h3 key={index} className={`text-h3 font-semibold text-ink-950 ${INLINE}`} dangerouslySetInnerHTML={html} />;
      case "h4":
        return <h4 key={index} className={`text-lg font-semibold text-ink-950 ${INLINE}`} dangerouslySetInnerHTML={html} />;
      case "pre":
        return (
          <pre key={index} className="overflow-x-auto rounded-lg bg-ink-100 p-4 font-mono text-sm text-ink-900">
            <code dangerouslySetInnerHTML={html} />
          </pre>
        );
      default:
        return <p key={index} className={INLINE} dangerouslySetInnerHTML={html} />;
    }
  });
}

/** The paragraphs of the field at `path`: each plain one as a paragraph, each Markdown one as its blocks. */
export function Paragraphs({ path, paragraphs }: { path: string; paragraphs: readonly string[] }) {
  const rendered = useContext(ProseContext)[path];
  return paragraphs.map((paragraph, index) => {
    const blocks = rendered?.[index];
    return blocks ? <ProseBlocks key={index} blocks={blocks} /> : <p key={paragraph.slice(0, 24) + index}>{paragraph}</p>;
  });
}
