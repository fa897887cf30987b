import { ModelText } from "~/components/model-text";
import { cn } from "~/lib/cn";
import { useSiteOrigin } from "./use-site-origin";

/**
 * A story's full content. The HTML was sanitised with an allow-list when it
 * was stored (html.server.ts), so it is safe to render as HTML here. Without
 * it, the summary (`fallback`), which may carry a model's Markdown, is read by
 * the one renderer of model text (decision 0184), never as HTML.
 */
export function StoryContent({ html, fallback, className }: { html: string; fallback: string; className?: string }) {
  const origin = useSiteOrigin();
  const classes = cn(
    "text-base leading-relaxed text-ink-800",
    "[&_p]:mt-4 [&_p:first-child]:mt-0 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold",
    "[&_h4]:mt-4 [&_h4]:font-semibold [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1",
    "[&_a]:text-aurora-700 [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-ink-200 [&_blockquote]:pl-4 [&_blockquote]:italic",
    "[&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-ink-100 [&_pre]:p-3 [&_pre]:text-sm [&_code]:font-mono [&_code]:text-sm",
    "[&_img]:mt-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_figcaption]:mt-1 [&_figcaption]:text-sm [&_figcaption]:text-ink-600",
    "[&_table]:mt-4 [&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:border-ink-200 [&_td]:p-2 [&_th]:border [&_th]:border-ink-200 [&_th]:p-2",
    "break-words",
    className,
  );
  if (!html.trim()) {
    return (
      <p className={classes}>
        <ModelText text={fallback} layout="inline" origin={origin} />
      </p>
    );
  }
  return <div className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}
