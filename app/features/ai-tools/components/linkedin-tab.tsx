import { MegaphoneIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Label } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import {
  AI_LIMITS,
  linkedinLengthLabels,
  linkedinLengths,
  linkedinTemplateLabels,
  linkedinTemplates,
  linkedinToneLabels,
  linkedinTones,
  type LinkedinLength,
  type LinkedinResponse,
  type LinkedinTemplate,
  type LinkedinTone,
} from "../options";
import { GeneratedText, SelectField, TextField, WritingTool, useTextGeneration } from "./tool-parts";

type LinkedinForm = {
  topic: string;
  tone: LinkedinTone;
  audience: string;
  length: LinkedinLength;
  viralMode: boolean;
  template: LinkedinTemplate;
};

const emptyForm: LinkedinForm = { topic: "", tone: "professional", audience: "", length: "medium", viralMode: false, template: "none" };

/**
 * LinkedIn post generator (docs/product.md#try-ai-tools): 'Topic *', tone (professional),
 * audience, length (medium), viral mode (off) and template (none).
 */
export function LinkedinTab({ isAvailable }: { isAvailable: boolean }) {
  const [form, setForm] = useState(emptyForm);
  const [post, setPost] = useState("");
  const { isBusy, generate } = useTextGeneration<LinkedinResponse>("Failed to generate LinkedIn post", (result) => result.post);
  const set =
    <Field extends keyof LinkedinForm>(field: Field) =>
    (value: LinkedinForm[Field]) =>
      setForm((current) => ({ ...current, [field]: value }));
  const select = <Field extends "tone" | "length" | "template">(field: Field) => ({
    id: `linkedin-${field}`,
    value: form[field],
    onChange: set(field),
    disabled: !isAvailable,
  });
  const text = (field: "topic" | "audience") => ({
    id: `linkedin-${field}`,
    value: form[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
    maxLength: AI_LIMITS.fieldChars,
  });
  const topic = form.topic.trim();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!topic || isBusy) return;
    await generate({ task: "linkedin", ...form, topic, audience: form.audience.trim() }, setPost);
  }

  return (
    <WritingTool
      id="linkedin"
      title="LinkedIn post generator"
      description="A ready-to-post update in your voice, with the structure you choose."
      onSubmit={onSubmit}
      formClassName="flex flex-col gap-4"
      submit={{ label: "Generate post", icon: MegaphoneIcon, isReady: Boolean(topic), isBusy, isAvailable }}
      result={post ? <GeneratedText title="Your post" text={post} isBusy={isBusy} testId="linkedin-output" /> : null}
    >
      <TextField
        label="Topic *"
        {...text("topic")}
        required
        aria-required="true"
        placeholder="What do you want to post about?"
        disabled={!isAvailable}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Tone" values={linkedinTones} labels={linkedinToneLabels} {...select("tone")} />
        <TextField label="Audience" {...text("audience")} placeholder="e.g. startup founders" disabled={!isAvailable} />
        <SelectField label="Length" values={linkedinLengths} labels={linkedinLengthLabels} {...select("length")} />
        <SelectField label="Template" values={linkedinTemplates} labels={linkedinTemplateLabels} {...select("template")} />
      </div>
      <div className="flex items-center gap-3">
        <Switch id="linkedin-viral" checked={form.viralMode} onCheckedChange={set("viralMode")} disabled={!isAvailable} />
        <Label htmlFor="linkedin-viral">Viral mode</Label>
        <span className="text-sm text-ink-600">A bold hook, short lines and a question at the end.</span>
      </div>
    </WritingTool>
  );
}
