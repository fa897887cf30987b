import { MailIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { streamJsonEvents } from "~/lib/stream-json-events";
import { showAiError } from "../show-ai-error";
import { AI_LIMITS, countWords, STORAGE_KEYS, type EmailResponse } from "../options";
import { storedEmailSchema } from "../stored-state";
import { usePersistentState } from "../use-persistent-state";
import { ResultActions } from "./share-menu";

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
  const [isBusy, setBusy] = useState(false);
  const update = (field: keyof typeof state) => (value: string) => setState((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!state.product.trim() || !state.audience.trim() || isBusy) return;
    setBusy(true);
    let text = "";
    try {
      const result = await streamJsonEvents<EmailResponse>(
        "/api/generate-content/stream",
        { task: "email", product: state.product.trim(), audience: state.audience.trim(), tone: state.tone.trim() || "friendly" },
        {
          onDelta: (delta) => {
            text += delta;
            update("email")(text);
          },
        },
      );
      update("email")(result.email);
    } catch (error) {
      showAiError(error, { title: "Error", fallback: "Failed to generate email" });
    } finally {
      setBusy(false);
    }
  }

  const words = countWords(state.email);

  return (
    <section aria-labelledby="email-heading" className="flex flex-col gap-6">
      <div>
        <h2 id="email-heading" className="text-xl font-semibold">
          Cold email writer
        </h2>
        <p className="text-sm text-ink-600">A short, personal first email with one clear ask.</p>
      </div>

      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2" role="group" aria-labelledby="email-presets-label">
          <span id="email-presets-label" className="text-sm text-ink-600">
            Presets:
          </span>
          {emailPresets.map((preset) => (
            <Button
              key={preset.label}
              type="button"
              variant="outline"
              size="sm"
              disabled={!isAvailable}
              onClick={() => setState((current) => ({ ...current, product: preset.product, audience: preset.audience, tone: preset.tone }))}
            >
              {preset.label}
            </Button>
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <Label htmlFor="email-product">Product or service</Label>
            <Input
              id="email-product"
              value={state.product}
              onChange={(event) => update("product")(event.target.value)}
              maxLength={AI_LIMITS.fieldChars}
              placeholder="What are you offering?"
              disabled={!isAvailable}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="email-audience">Audience</Label>
            <Input
              id="email-audience"
              value={state.audience}
              onChange={(event) => update("audience")(event.target.value)}
              maxLength={AI_LIMITS.fieldChars}
              placeholder="Who will read it?"
              disabled={!isAvailable}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="email-tone">Tone</Label>
            <Input
              id="email-tone"
              value={state.tone}
              onChange={(event) => update("tone")(event.target.value)}
              maxLength={AI_LIMITS.fieldChars}
              list="email-tone-suggestions"
              disabled={!isAvailable}
            />
            <datalist id="email-tone-suggestions">
              {toneSuggestions.map((tone) => (
                <option key={tone} value={tone} />
              ))}
            </datalist>
          </div>
        </div>
        <Button
          type="submit"
          variant="accent"
          className="self-start"
          disabled={isBusy || !state.product.trim() || !state.audience.trim() || !isAvailable}
        >
          <MailIcon aria-hidden="true" />
          {isBusy ? "Generating..." : "Write email"}
        </Button>
      </form>

      {state.email ? (
        <div className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-ink-200 bg-ink-50 p-4" aria-busy={isBusy}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-base font-semibold">Your email</h3>
            <p className="text-sm tabular-nums text-ink-600" data-testid="email-word-count">
              {words} {words === 1 ? "word" : "words"}
            </p>
          </div>
          <div
            className="whitespace-pre-wrap break-words rounded-xl border border-ink-200 bg-white p-4 text-[0.95rem] text-ink-900"
            data-testid="email-output"
          >
            {state.email}
          </div>
          <ResultActions text={state.email} />
        </div>
      ) : null}
    </section>
  );
}
