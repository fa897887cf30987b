import { MegaphoneIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { streamJsonEvents } from "~/lib/stream-json-events";
import { showAiError } from "../show-ai-error";
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
import { ResultActions } from "./share-menu";

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
  const [isBusy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!topic.trim() || isBusy) return;
    setBusy(true);
    let text = "";
    try {
      const result = await streamJsonEvents<LinkedinResponse>(
        "/api/generate-content/stream",
        { task: "linkedin", topic: topic.trim(), tone, audience: audience.trim(), length, viralMode, template },
        {
          onDelta: (delta) => {
            text += delta;
            setPost(text);
          },
        },
      );
      setPost(result.post);
    } catch (error) {
      showAiError(error, { title: "Error", fallback: "Failed to generate LinkedIn post" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="linkedin-heading" className="flex flex-col gap-6">
      <div>
        <h2 id="linkedin-heading" className="text-xl font-semibold">
          LinkedIn post generator
        </h2>
        <p className="text-sm text-ink-600">A ready-to-post update in your voice, with the structure you choose.</p>
      </div>

      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="linkedin-topic">Topic *</Label>
          <Input
            id="linkedin-topic"
            value={topic}
            onChange={(event) => setTopic(event.target.value)}
            maxLength={AI_LIMITS.fieldChars}
            required
            aria-required="true"
            placeholder="What do you want to post about?"
            disabled={!isAvailable}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="linkedin-tone">Tone</Label>
            <NativeSelect
              id="linkedin-tone"
              value={tone}
              onChange={(event) => setTone(event.target.value as LinkedinTone)}
              disabled={!isAvailable}
            >
              {linkedinTones.map((value) => (
                <option key={value} value={value}>
                  {linkedinToneLabels[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="linkedin-audience">Audience</Label>
            <Input
              id="linkedin-audience"
              value={audience}
              onChange={(event) => setAudience(event.target.value)}
              maxLength={AI_LIMITS.fieldChars}
              placeholder="e.g. startup founders"
              disabled={!isAvailable}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="linkedin-length">Length</Label>
            <NativeSelect
              id="linkedin-length"
              value={length}
              onChange={(event) => setLength(event.target.value as LinkedinLength)}
              disabled={!isAvailable}
            >
              {linkedinLengths.map((value) => (
                <option key={value} value={value}>
                  {linkedinLengthLabels[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="linkedin-template">Template</Label>
            <NativeSelect
              id="linkedin-template"
              value={template}
              onChange={(event) => setTemplate(event.target.value as LinkedinTemplate)}
              disabled={!isAvailable}
            >
              {linkedinTemplates.map((value) => (
                <option key={value} value={value}>
                  {linkedinTemplateLabels[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
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

      {post ? (
        <div className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-ink-200 bg-ink-50 p-4" aria-busy={isBusy}>
          <h3 className="text-base font-semibold">Your post</h3>
          <div
            className="whitespace-pre-wrap break-words rounded-xl border border-ink-200 bg-white p-4 text-[0.95rem] text-ink-900"
            data-testid="linkedin-output"
          >
            {post}
          </div>
          <ResultActions text={post} />
        </div>
      ) : null}
    </section>
  );
}
