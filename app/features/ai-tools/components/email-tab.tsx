import { MailIcon } from "lucide-react";
import type { FormEvent } from "react";
import { AI_LIMITS, countWords, STORAGE_KEYS, type EmailResponse } from "../options";
import { storedEmailSchema } from "../stored-state";
import { usePersistentState } from "../use-persistent-state";
import { GeneratedText, PresetRow, TextField, WritingTool, useTextGeneration } from "./tool-parts";

export const emailPresets = [
  {
    label: "Dental clinic software",
    product: "Online booking and SMS reminders for dental clinics",
    audience: "Owners of small dental practices",
    tone: "friendly",
  },
  {
    label: "Bakery wholesale",
    product: "Fresh sourdough delivered to cafés every morning",
    audience: "Independent café owners",
    tone: "warm",
  },
  {
    label: "Freelance designer",
    product: "Brand identity packages for early-stage startups",
    audience: "Startup founders who just raised a seed round",
    tone: "confident",
  },
] as const;

const emptyEmail = { product: "", audience: "", tone: "friendly", email: "" };

const toneSuggestions = ["friendly", "professional", "warm", "confident", "casual", "persuasive"];

/**
 * Cold email writer (docs/product.md#try-ai-tools): product, audience, tone (default
 * friendly), three presets, and the word count of the result. Kept in
 * localStorage under emailWriter.
 */
export function EmailTab({ isAvailable }: { isAvailable: boolean }) {
  const [state, setState] = usePersistentState(STORAGE_KEYS.email, storedEmailSchema, emptyEmail);
  const { isBusy, generate } = useTextGeneration<EmailResponse>("Failed to generate email", (result) => result.email);
  const update = (field: keyof typeof state) => (value: string) => setState((current) => ({ ...current, [field]: value }));
  const fieldProps = (field: "product" | "audience" | "tone") => ({
    value: state[field],
    onChange: (event: { target: { value: string } }) => update(field)(event.target.value),
    maxLength: AI_LIMITS.fieldChars,
    disabled: !isAvailable,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!state.product.trim() || !state.audience.trim() || isBusy) return;
    const { product, audience, tone } = state;
    await generate({ task: "email", product: product.trim(), audience: audience.trim(), tone: tone.trim() || "friendly" }, update("email"));
  }

  const words = countWords(state.email);

  return (
    <WritingTool
      id="email"
      title="Cold email writer"
      description="A short, personal first email with one clear ask."
      onSubmit={onSubmit}
      formClassName="flex flex-col gap-4"
      submit={{
        label: "Write email",
        icon: MailIcon,
        isReady: Boolean(state.product.trim() && state.audience.trim()),
        isBusy,
        isAvailable,
      }}
      result={
        state.email ? (
          <GeneratedText
            title="Your email"
            text={state.email}
            isBusy={isBusy}
            testId="email-output"
            aside={
              <p className="text-sm tabular-nums text-ink-600" data-testid="email-word-count">
                {words} {words === 1 ? "word" : "words"}
              </p>
            }
          />
        ) : null
      }
    >
      <PresetRow
        id="email-presets-label"
        label="Presets:"
        presets={emailPresets}
        nameOf={(preset) => preset.label}
        onPick={(preset) => setState((current) => ({ ...current, product: preset.product, audience: preset.audience, tone: preset.tone }))}
        disabled={!isAvailable}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="email-product"
          label="Product or service"
          className="sm:col-span-2"
          placeholder="What are you offering?"
          {...fieldProps("product")}
        />
        <TextField id="email-audience" label="Audience" placeholder="Who will read it?" {...fieldProps("audience")} />
        <TextField id="email-tone" label="Tone" list="email-tone-suggestions" {...fieldProps("tone")}>
          <datalist id="email-tone-suggestions">
            {toneSuggestions.map((tone) => (
              <option key={tone} value={tone} />
            ))}
          </datalist>
        </TextField>
      </div>
    </WritingTool>
  );
}
