import { SparklesIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label, Textarea } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { streamJsonEvents } from "~/lib/stream-json-events";
import { showAiError } from "../show-ai-error";
import { AI_LIMITS, STORAGE_KEYS, type SeoResponse } from "../options";
import { storedSeoSchema } from "../stored-state";
import { usePersistentState } from "../use-persistent-state";
import { CopyButton, ShareMenu } from "./share-menu";

export const seoTopicExamples = [
  "Bookkeeping software for freelance designers",
  "Vegan meal prep for busy parents",
  "How small shops can use AI chatbots",
] as const;

const emptySeo = { topic: "", title: "", description: "" };

/** "n/60" under a field; error style above the limit. */
function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  const isOver = length > max;
  return (
    <p id={id} className={cn("text-right text-sm tabular-nums", isOver ? "font-semibold text-danger-700" : "text-ink-600")}>
      <span className="sr-only">Characters: </span>
      {length}/{max}
      {isOver ? <span className="sr-only"> (too long)</span> : null}
    </p>
  );
}

/**
 * SEO title and meta description generator (docs/product.md#try-ai-tools): a topic,
 * three examples, and editable results with their counters. Kept in
 * localStorage under seoMeta.
 */
export function SeoTab({ isAvailable }: { isAvailable: boolean }) {
  const [state, setState] = usePersistentState(STORAGE_KEYS.seo, storedSeoSchema, emptySeo);
  const [isBusy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const topic = state.topic.trim();
    if (!topic || isBusy) return;
    setBusy(true);
    try {
      const result = await streamJsonEvents<SeoResponse>(
        "/api/generate-content/stream",
        { task: "seo", topic },
        {
          onPartial: (value) => {
            const partial = value as Partial<SeoResponse>;
            setState((current) => ({ ...current, title: partial.title ?? "", description: partial.description ?? "" }));
          },
        },
      );
      setState((current) => ({ ...current, title: result.title, description: result.description }));
    } catch (error) {
      showAiError(error, { title: "Error", fallback: "Failed to generate SEO" });
    } finally {
      setBusy(false);
    }
  }

  const hasResult = Boolean(state.title || state.description);
  const titleOver = state.title.length > AI_LIMITS.seoTitleChars;
  const descriptionOver = state.description.length > AI_LIMITS.seoDescriptionChars;

  return (
    <section aria-labelledby="seo-heading" className="flex flex-col gap-6">
      <div>
        <h2 id="seo-heading" className="text-xl font-semibold">
          SEO title and meta description
        </h2>
        <p className="text-sm text-ink-600">A search-friendly title (up to 60 characters) and description (up to 160).</p>
      </div>

      <form onSubmit={onSubmit} className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="seo-topic">Topic</Label>
          <Input
            id="seo-topic"
            value={state.topic}
            onChange={(event) => setState((current) => ({ ...current, topic: event.target.value }))}
            maxLength={AI_LIMITS.fieldChars}
            placeholder="What is the page about?"
            disabled={!isAvailable}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2" role="group" aria-labelledby="seo-examples-label">
          <span id="seo-examples-label" className="text-sm text-ink-600">
            Examples:
          </span>
          {seoTopicExamples.map((example) => (
            <Button
              key={example}
              type="button"
              variant="outline"
              size="sm"
              className="h-auto min-h-9 whitespace-normal py-1.5 text-left"
              disabled={!isAvailable}
              onClick={() => setState((current) => ({ ...current, topic: example }))}
            >
              {example}
            </Button>
          ))}
        </div>
        <Button type="submit" variant="accent" className="self-start" disabled={isBusy || !state.topic.trim() || !isAvailable}>
          <SparklesIcon aria-hidden="true" />
          {isBusy ? "Generating..." : "Generate SEO"}
        </Button>
      </form>

      {hasResult ? (
        <div className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-ink-200 bg-ink-50 p-4" aria-busy={isBusy}>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="seo-title">Title</Label>
            <Input
              id="seo-title"
              value={state.title}
              onChange={(event) => setState((current) => ({ ...current, title: event.target.value }))}
              aria-invalid={titleOver || undefined}
              aria-describedby="seo-title-count"
            />
            <Counter id="seo-title-count" length={state.title.length} max={AI_LIMITS.seoTitleChars} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="seo-description">Meta description</Label>
            <Textarea
              id="seo-description"
              value={state.description}
              onChange={(event) => setState((current) => ({ ...current, description: event.target.value }))}
              aria-invalid={descriptionOver || undefined}
              aria-describedby="seo-description-count"
              className="min-h-24"
            />
            <Counter id="seo-description-count" length={state.description.length} max={AI_LIMITS.seoDescriptionChars} />
          </div>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={state.title} label="Copy title" />
            <CopyButton text={state.description} label="Copy description" />
            <ShareMenu text={`${state.title}\n\n${state.description}`} />
          </div>
        </div>
      ) : null}
    </section>
  );
}
