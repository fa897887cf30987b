import { getFormProps, getInputProps, getTextareaProps, parse, useForm, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, useActionData, useLocation, useNavigation } from "react-router";
import { toast } from "~/lib/notify";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldError } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { disclaimers } from "~/content/disclaimers";
import type { FormActionData } from "../form-action.server";
import type { validateForm } from "../validate-form";
import { FIELD_LIMITS, formDefinitions, HONEYPOT_FIELD, STARTED_AT_FIELD, type FormSource } from "../definitions";
import { DisclaimerNotice } from "./disclaimer-notice";
import { SubmissionConfirmation } from "./submission-confirmation";

/** Props Conform gives a control, without `key` (React wants it passed directly). */
function controlProps<T extends { key?: string | undefined }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

/** HTML constraints per field, as Conform's getZodConstraint makes them (computed by the loader). */
export type FieldConstraints = Record<
  string,
  {
    required?: boolean;
    minLength?: number;
    maxLength?: number;
    min?: number | string;
    max?: number | string;
    step?: number | string;
    multiple?: boolean;
    pattern?: string;
  }
>;

type Validate = typeof validateForm;
let validate: Validate | null = null;
let validatorLoading: Promise<void> | null = null;

/**
 * Loads the zod check once, when a visitor first focuses the form (it takes a
 * moment to type anyway; the page itself does not wait for it: decision 0081).
 * A form sent before it has loaded goes straight to the server, which checks it
 * with the same schema and answers with the same messages: nothing is held back
 * or sent twice.
 */
function loadValidator(): Promise<void> {
  validatorLoading ??= import("../validate-form").then(
    (module) => {
      validate = module.validateForm;
    },
    () => {
      // Not downloadable (offline, or a newer deployment): the server checks; try again on the next focus.
      validatorLoading = null;
    },
  );
  return validatorLoading;
}

/**
 * The apply, mentoring and contact form, or after a stored submission its confirmation. Without
 * JavaScript it is a plain POST and the page comes back with errors next to the fields (or the
 * confirmation); with JavaScript it checks fields as you go, submits without a reload and answers
 * with a toast as well (docs/product.md#forms). A failure keeps what was typed.
 */
export function SubmissionForm(props: { source: FormSource; startToken: string; constraint: FieldConstraints }) {
  const actionData = useActionData<FormActionData>();
  const succeeded = actionData?.outcome === "success";
  useEffect(() => {
    if (actionData?.outcome === "success") toast.success(actionData.message);
  }, [actionData]);
  if (succeeded) return <SubmissionConfirmation source={props.source} />;
  return <SubmissionFields {...props} />;
}

function SubmissionFields({ source, startToken, constraint }: { source: FormSource; startToken: string; constraint: FieldConstraints }) {
  const definition = formDefinitions[source];
  const actionData = useActionData<FormActionData>();
  const navigation = useNavigation();
  const location = useLocation();
  const isSubmitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  // Says on the form whether the browser's check is there yet (tests wait for it).
  const [checksInBrowser, setChecksInBrowser] = useState(validate !== null);
  const loadCheck = () => void loadValidator().then(() => setChecksInBrowser(validate !== null));

  const [form, fields] = useForm({
    id: `${source}-form`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    constraint,
    // Before the check has loaded, the post goes through and the action answers with the same messages.
    onValidate: ({ formData }) => (validate ? validate(source, formData) : parse(formData, { resolve: (value) => ({ value }) })),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  useEffect(() => {
    if (actionData?.outcome === "error") toast.error(actionData.message || definition.failure);
  }, [actionData, definition.failure]);

  // Untyped access: the three schemas share name, email and disclaimerAccepted; long fields differ.
  const all = fields as unknown as Record<string, FieldMetadata<string>>;
  const name = all.name!;
  const email = all.email!;
  const disclaimerField = all.disclaimerAccepted!;
  const shortFields = [
    { field: name, label: "Name", type: "text", autoComplete: "name", maxLength: FIELD_LIMITS.name },
    { field: email, label: "Email", type: "email", autoComplete: "email", maxLength: FIELD_LIMITS.email },
  ] as const;
  const disclaimer = disclaimers[definition.disclaimer];
  // After a failed post the form keeps the start time it was first rendered with.
  const formStartToken = actionData?.outcome !== "success" && actionData?.startToken ? actionData.startToken : startToken;
  // Back from a confirmation ("Send another message"): the empty form's first field takes focus.
  const cameBackForAnother = (location.state as { sendAnother?: unknown } | null)?.sendAnother === true;
  useEffect(() => {
    if (cameBackForAnother) document.getElementById(name.id)?.focus();
  }, [cameBackForAnother, location.key, name.id]);

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      onFocus={loadCheck}
      data-checks={checksInBrowser ? "browser" : "server"}
      className="flex flex-col gap-6"
    >
      <div className="grid gap-6 sm:grid-cols-2">
        {shortFields.map(({ field, label, type, autoComplete, maxLength }) => (
          <Field key={field.name} id={field.id} name={field.name} label={label} error={field.errors?.[0]}>
            {(control) => (
              <Input
                {...controlProps(getInputProps(field, { type }))}
                {...control}
                key={field.key}
                autoComplete={autoComplete}
                maxLength={maxLength}
              />
            )}
          </Field>
        ))}
      </div>

      {definition.longFields.map((longField) => {
        const field = all[longField.name]!;
        return (
          <Field key={longField.name} id={field.id} name={field.name} label={longField.label} error={field.errors?.[0]}>
            {(control) => (
              <Textarea
                {...controlProps(getTextareaProps(field))}
                {...control}
                key={field.key}
                rows={5}
                maxLength={FIELD_LIMITS.longText}
                placeholder={longField.placeholder}
              />
            )}
          </Field>
        );
      })}

      <DisclaimerNotice variant={definition.disclaimer} id={`${source}-disclaimer`} />
      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-3">
          <Checkbox
            {...controlProps(getInputProps(disclaimerField, { type: "checkbox" }))}
            key={disclaimerField.key}
            aria-invalid={disclaimerField.errors ? true : undefined}
            aria-describedby={disclaimerField.errors ? disclaimerField.errorId : undefined}
          />
          <label htmlFor={disclaimerField.id} className="text-sm font-medium text-ink-900">
            {disclaimer.checkboxLabel}
          </label>
        </div>
        <FieldError id={disclaimerField.errorId} error={disclaimerField.errors?.[0]} />
      </div>

      {/* Traps: a field people never see, and the time the form was rendered. */}
      <HoneypotField id={`${source}-${HONEYPOT_FIELD}`} />
      <input type="hidden" name={STARTED_AT_FIELD} value={formStartToken} />

      {form.errors?.length ? <FieldError id={form.errorId} error={form.errors[0]} /> : null}

      <div>
        <Button type="submit" size="lg" disabled={isSubmitting} aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? definition.submittingLabel : definition.submitLabel}
        </Button>
      </div>
    </Form>
  );
}
