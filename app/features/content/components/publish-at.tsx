import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * "Publish at": a date and time in the editor's own time zone (the browser's with JavaScript, the
 * studio's without), which the field names. The schedule saves the draft first.
 */
export function PublishAt({
  formId,
  studioTimeZone,
  error,
  defaultValue,
}: {
  formId: string;
  studioTimeZone: string;
  error?: string;
  defaultValue?: string;
}) {
  const hydrated = useHydrated();
  const timeZone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : studioTimeZone;
  return (
    <div className="space-y-2 border-t border-ink-100 pt-4">
      <Field id="field-publishAt" name="publishAt" label="Publish at" description={`Time zone: ${timeZone}.`} error={error}>
        {(control) => <Input {...control} type="datetime-local" form={formId} defaultValue={defaultValue} />}
      </Field>
      <input type="hidden" name="timeZone" value={timeZone} form={formId} />
      <Button type="submit" form={formId} name="intent" value="schedule" variant="outline">
        Schedule
      </Button>
    </div>
  );
}
