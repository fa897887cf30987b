import type { LucideIcon } from "lucide-react";
import { useState, type ComponentProps, type FormEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { streamJsonEvents } from "~/lib/stream-json-events";
import { showAiError } from "../show-ai-error";
import { ResultActions } from "./share-menu";

/**
 * The parts the writing tools share (docs/product.md#try-ai-tools): a streamed generation, the
 * tool's frame, a labelled field, a row of presets and the result with its actions.
 */

/**
 * Streams one text from /api/generate-content/stream: `show` gets the text as it grows and then
 * the final one (`pick` takes it from the answer); a failure is the tool's toast (`fallback`).
 */
export function useTextGeneration<Response>(fallback: string, pick: (response: Response) => string) {
  const [isBusy, setBusy] = useState(false);
  async function generate(body: Record<string, unknown>, show: (text: string) => void) {
    setBusy(true);
    let text = "";
    try {
      const result = await streamJsonEvents<Response>("/api/generate-content/stream", body, {
        onDelta: (delta) => {
          text += delta;
          show(text);
        },
      });
      show(pick(result));
    } catch (error) {
      showAiError(error, { title: "Error", fallback });
    } finally {
      setBusy(false);
    }
  }
  return { isBusy, generate };
}

/**
 * One writing tool: its heading, the form (`children`, then the submit button, which waits for
 * `isReady`) and `result` below it.
 */
export function WritingTool(props: {
  id: string;
  title: string;
  description: string;
  onSubmit: (event: FormEvent) => void;
  formClassName: string;
  submit: { label: string; icon: LucideIcon; isReady: boolean; isBusy: boolean; isAvailable: boolean };
  children: ReactNode;
  result: ReactNode;
}) {
  const { label, icon: Icon, isReady, isBusy, isAvailable } = props.submit;
  return (
    <section aria-labelledby={`${props.id}-heading`} className="flex flex-col gap-6">
      <div>
        <h2 id={`${props.id}-heading`} className="text-xl font-semibold">
          {props.title}
        </h2>
        <p className="text-sm text-ink-600">{props.description}</p>
      </div>

      <form onSubmit={props.onSubmit} className={props.formClassName}>
        {props.children}
        <Button type="submit" variant="accent" className="self-start" disabled={isBusy || !isReady || !isAvailable}>
          <Icon aria-hidden="true" />
          {isBusy ? "Generating..." : label}
        </Button>
      </form>

      {props.result}
    </section>
  );
}

/** A label above an input; `className` is the wrapper's (a grid span), `children` follow the input. */
export function TextField({ id, label, className, children, ...input }: { id: string; label: string } & ComponentProps<"input">) {
  return (
    <div className={`flex flex-col gap-1.5${className ? ` ${className}` : ""}`}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...input} />
      {children}
    </div>
  );
}

/** A label above a select of `values`, each shown with its label. */
export function SelectField<Value extends string>(props: {
  id: string;
  label: string;
  value: Value;
  values: readonly Value[];
  labels: Record<Value, string>;
  onChange: (value: Value) => void;
  disabled: boolean;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <NativeSelect
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as Value)}
        disabled={props.disabled}
      >
        {props.values.map((value) => (
          <option key={value} value={value}>
            {props.labels[value]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** A labelled row of buttons that fill the form ("Presets:", "Examples:"). */
export function PresetRow<Preset>(props: {
  id: string;
  label: string;
  presets: readonly Preset[];
  nameOf: (preset: Preset) => string;
  onPick: (preset: Preset) => void;
  disabled: boolean;
  buttonClassName?: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-labelledby={props.id}>
      <span id={props.id} className="text-sm text-ink-600">
        {props.label}
      </span>
      {props.presets.map((preset) => (
        <Button
          key={props.nameOf(preset)}
          type="button"
          variant="outline"
          size="sm"
          className={props.buttonClassName}
          disabled={props.disabled}
          onClick={() => props.onPick(preset)}
        >
          {props.nameOf(preset)}
        </Button>
      ))}
    </div>
  );
}

/** The generated text, with its heading (and `aside`, such as a word count), copy and share. */
export function GeneratedText(props: { title: string; text: string; isBusy: boolean; testId: string; aside?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-ink-200 bg-ink-50 p-4" aria-busy={props.isBusy}>
      {props.aside ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-base font-semibold">{props.title}</h3>
          {props.aside}
        </div>
      ) : (
        <h3 className="text-base font-semibold">{props.title}</h3>
      )}
      <div
        className="whitespace-pre-wrap break-words rounded-xl border border-ink-200 bg-white p-4 text-[0.95rem] text-ink-900"
        data-testid={props.testId}
      >
        {props.text}
      </div>
      <ResultActions text={props.text} />
    </div>
  );
}
