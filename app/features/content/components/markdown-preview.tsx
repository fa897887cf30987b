import { useEffect, useState } from "react";
import { ProseBlocks, type ProseBlock } from "~/components/prose";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Beside a long text, with JavaScript: the text as the page will show it, rendered by the server's
 * Markdown renderer (POST /admin/content/markdown) 0.4 s after the last keystroke. Without
 * JavaScript the editor's Preview button shows the whole page instead.
 */
export function MarkdownPreview({ fieldId, label }: { fieldId: string; label: string }) {
  const hydrated = useHydrated();
  const [paragraphs, setParagraphs] = useState<ProseBlock[][] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const input = document.getElementById(fieldId) as HTMLTextAreaElement | null;
    if (!input) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    const render = () => {
      controller?.abort();
      controller = new AbortController();
      fetch("/admin/content/markdown", { method: "POST", body: new URLSearchParams({ text: input.value }), signal: controller.signal })
        .then((response) =>
          response.ok ? (response.json() as Promise<{ paragraphs: ProseBlock[][] }>) : Promise.reject(new Error("preview")),
        )
        .then((answer) => {
          setParagraphs(answer.paragraphs);
          setFailed(false);
        })
        .catch((error: unknown) => {
          if ((error as Error).name !== "AbortError") setFailed(true);
        });
    };
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(render, 400);
    };
    render();
    input.addEventListener("input", onInput);
    return () => {
      input.removeEventListener("input", onInput);
      clearTimeout(timer);
      controller?.abort();
    };
  }, [fieldId]);
  if (!hydrated) return null;
  return (
    <section aria-label={`Preview of ${label}`} className="space-y-3 rounded-lg border border-ink-200 bg-ink-50 p-4 text-ink-700">
      <p className="text-xs font-semibold tracking-wide text-ink-600 uppercase" aria-hidden="true">
        Preview
      </p>
      {failed ? (
        <p>The preview is not available just now; Preview above shows the whole page.</p>
      ) : (
        paragraphs?.map((blocks, index) => <ProseBlocks key={index} blocks={blocks} />)
      )}
    </section>
  );
}
