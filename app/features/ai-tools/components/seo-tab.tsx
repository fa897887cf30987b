import { SparklesIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Input, Label, Textarea } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { streamJsonEvents } from "~/lib/stream-json-events";
import { showAiError } from "../show-ai-error";
import { AI_LIMITS, STORAGE_KEYS, type SeoResponse } from "../options";
import { storedSeoSchema } from "../stored-state";
import { usePersistentState } from "../use-persistent-state";
import { CopyButton, ShareMenu } from "./share-menu";
import { PresetRow, TextField, WritingTool } from "./tool-parts";

export const seoTopicExamples = [
  "Bookkeeping software for freelance designers",
  "Vegan meal prep for busy parents",
  "How small shops can use AI chatbots",
] as const;

const emptySeo = { topic: "", title: "", description: "" };

/** An editable result: its label, the text (`isLong`: a textarea) and "n/60" under it, in error style above the limit. */
function ResultField(props: {
  id: string;
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  isLong?: boolean;
}) {
  const { id, value, max } = props;
  const isOver = value.length > max;
  const Control = props.isLong ? Textarea : Input;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{props.label}</Label>
      <Control
        id={id}
        value={value}
        onChange={(event: { target: { value: string } }) => props.onChange(event.target.value)}
        aria-invalid={isOver || undefined}
        aria-describedby={`${id}-count`}
        className={props.isLong ? "min-h-24" : undefined}
      />
      <p id={`${id}-count`} className={cn("text-right text-sm tabular-nums", isOver ? "font-semibold text-danger-700" : "text-ink-600")}>
        <span className="sr-only">Characters: </span>
        {value.length}/{max}
        {isOver ? <span className="sr-only"> (too long)</span> : null}
      </p>
    </div>
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
  const update = (field: keyof typeof state) => (value: string) => setState((current) => ({ ...current, [field]: value }));

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

  return (
    <WritingTool
      id="seo"
      title="SEO title and meta description"
      description="A search-friendly title (up to 60 characters) and description (up to 160)."
      onSubmit={onSubmit}
      formClassName="flex flex-col gap-3"
      submit={{ label: "Generate SEO", icon: SparklesIcon, isReady: Boolean(state.topic.trim()), isBusy, isAvailable }}
      result={
        hasResult ? (
          <div className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-ink-200 bg-ink-50 p-4" aria-busy={isBusy}>
            <ResultField id="seo-title" label="Title" value={state.title} max={AI_LIMITS.seoTitleChars} onChange={update("title")} />
            <ResultField
              id="seo-description"
              label="Meta description"
              value={state.description}
              max={AI_LIMITS.seoDescriptionChars}
              onChange={update("description")}
              isLong
            />
            <div className="flex flex-wrap gap-2">
              <CopyButton text={state.title} label="Copy title" />
              <CopyButton text={state.description} label="Copy description" />
              <ShareMenu text={`${state.title}\n\n${state.description}`} />
            </div>
          </div>
        ) : null
      }
    >
      <TextField
        id="seo-topic"
        label="Topic"
        value={state.topic}
        onChange={(event) => update("topic")(event.target.value)}
        maxLength={AI_LIMITS.fieldChars}
        placeholder="What is the page about?"
        disabled={!isAvailable}
      />
      <PresetRow
        id="seo-examples-label"
        label="Examples:"
        presets={seoTopicExamples}
        nameOf={(example) => example}
        onPick={update("topic")}
        disabled={!isAvailable}
        buttonClassName="h-auto min-h-9 whitespace-normal py-1.5 text-left"
      />
    </WritingTool>
  );
}
