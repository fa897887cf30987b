import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect, Options } from "~/components/ui/select";
import { webhookEventLabels, webhookEventTypes, webhookFormatLabels, webhookFormats } from "../event-types";
import type { WebhookEndpointErrors } from "../schema";

export type EndpointValues = { url: string; description: string; eventTypes: string[]; format: string; enabled: boolean };

export const emptyEndpoint: EndpointValues = {
  url: "",
  description: "",
  eventTypes: ["enquiry.created"],
  format: "standard",
  enabled: true,
};

/** The fields of the add and edit forms (plain inputs: the forms post without JavaScript). */
export function EndpointFields({
  idPrefix,
  values,
  errors = {},
}: {
  idPrefix: string;
  values: EndpointValues;
  errors?: WebhookEndpointErrors;
}) {
  const eventsErrorId = errors.eventTypes ? `${idPrefix}-events-error` : undefined;
  return (
    <div className="flex flex-col gap-5">
      <Field
        id={`${idPrefix}-url`}
        name="url"
        label="URL"
        description="Where the events are posted: your service, or a Slack incoming-webhook URL. Only public addresses are accepted."
        error={errors.url}
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            required
            defaultValue={values.url}
            placeholder="https://example.com/webhooks/nordlys"
          />
        )}
      </Field>
      <Field id={`${idPrefix}-description`} name="description" label="Description (optional)" error={errors.description}>
        {(control) => <Input {...control} maxLength={200} defaultValue={values.description} placeholder="CRM sync" />}
      </Field>
      <fieldset className="flex flex-col gap-2" aria-describedby={eventsErrorId}>
        <legend className="ui-label mb-1">Events</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {webhookEventTypes.map((type) => (
            <label key={type} className="flex items-start gap-2 text-sm" htmlFor={`${idPrefix}-event-${type}`}>
              <Checkbox
                id={`${idPrefix}-event-${type}`}
                name="eventTypes"
                value={type}
                defaultChecked={values.eventTypes.includes(type)}
                aria-invalid={errors.eventTypes ? true : undefined}
              />
              <span>
                <code className="font-mono text-xs">{type}</code>
                <span className="block text-ink-600">{webhookEventLabels[type]}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={eventsErrorId} error={errors.eventTypes} />
      </fieldset>
      <Field id={`${idPrefix}-format`} name="format" label="Format" error={errors.format}>
        {(control) => (
          <NativeSelect {...control} defaultValue={values.format}>
            <Options values={webhookFormats} label={webhookFormatLabels} />
          </NativeSelect>
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm font-medium" htmlFor={`${idPrefix}-enabled`}>
        <Checkbox id={`${idPrefix}-enabled`} name="enabled" defaultChecked={values.enabled} />
        Enabled
      </label>
    </div>
  );
}
