import { MegaphoneIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
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
import { GeneratedText, SelectField, TextField, ToolHeading, useTextGeneration } from "./tool-parts";

/**
 * LinkedIn post generator (docs/product.md#try-ai-tools): 'Topic *', tone (professional),
 * audience, length (medium), viral mode (off) and template (none).
 */
export function LinkedinTab({ isAvailable }: { isAvailable: boolean }) {
  const [topic, setTopic] = useState("");
  const [tone, setTone] = useState<LinkedinTone>("professional");
  const [audience, setAudience] = useState("");
  const [length, setLength] = useState<LinkedinLength>("medium");
  const [viralMode, setViralMode] = useState(false);
  const [template, setTemplate] = useState<LinkedinTemplate>("none");
  const [post, setPost] = useState("");
  const enabled = { disabled: !isAvailable };
  const { isBusy, generate } = useTextGeneration<LinkedinResponse>("Failed to generate LinkedIn post", (result) => result.post);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!topic.trim() || isBusy) return;
    await generate({ task: "linkedin", topic: topic.trim(), tone, audience: audience.trim(), length, viralMode, template }, setPost);
  }

  return (
    <section aria-labelledby="linkedin-heading" className="flex flex-col gap-6">
      <ToolHeading
        id="linkedin-heading"
        title="LinkedIn post generator"
        description="A ready-to-post update in your voice, with the structure you choose."
      />

      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          id="linkedin-topic"
          label="Topic *"
          value={topic}
          onChange={(event) => setTopic(event.target.value)}
          maxLength={AI_LIMITS.fieldChars}
          required
          aria-required="true"
          placeholder="What do you want to post about?"
          disabled={!isAvailable}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id="linkedin-tone"
            label="Tone"
            value={tone}
            values={linkedinTones}
            labels={linkedinToneLabels}
            onChange={setTone}
            {...enabled}
          />
          <TextField
            id="linkedin-audience"
            label="Audience"
            value={audience}
            onChange={(event) => setAudience(event.target.value)}
            maxLength={AI_LIMITS.fieldChars}
            placeholder="e.g. startup founders"
            disabled={!isAvailable}
          />
          <SelectField
            id="linkedin-length"
            label="Length"
            value={length}
            values={linkedinLengths}
            labels={linkedinLengthLabels}
            onChange={setLength}
            {...enabled}
          />
          <SelectField
            id="linkedin-template"
            label="Template"
            value={template}
            values={linkedinTemplates}
            labels={linkedinTemplateLabels}
            onChange={setTemplate}
            {...enabled}
          />
        </div>
        <div className="flex items-center gap-3">
          <Switch id="linkedin-viral" checked={viralMode} onCheckedChange={setViralMode} disabled={!isAvailable} />
          <Label htmlFor="linkedin-viral">Viral mode</Label>
          <span className="text-sm text-ink-600">A bold hook, short lines and a question at the end.</span>
        </div>
        <Button type="submit" variant="accent" className="self-start" disabled={isBusy || !topic.trim() || !isAvailable}>
          <MegaphoneIcon aria-hidden="true" />
          {isBusy ? "Generating..." : "Generate post"}
        </Button>
      </form>

      {post ? <GeneratedText title="Your post" text={post} isBusy={isBusy} testId="linkedin-output" /> : null}
    </section>
  );
}
