import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { Input, Label } from "~/components/ui/input";
import { NativeSelect, Options } from "~/components/ui/select";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import type { InboxFormAnswer } from "../inbox-form-action.server";
import type { Owner } from "../list-people.server";
import { pipelineOf, stageLabels, stagesFor, valueInputText, type Kind, type Stage } from "../stages";

/**
 * The forms that change an enquiry (docs/inbox.md, "Stages"): plain POST forms, so each works
 * without JavaScript; the board adds drag and drop on top. Field errors come back from the
 * action as data for the enquiry they are about.
 */

export const DEFAULT_CURRENCY = "NOK";

/** The inbox pages' clientAction: a post that fails on the way keeps the page and says so on the form it came from. */
export const inboxFormClientAction = <Answer,>(args: { request: Request; serverAction: () => Promise<Answer> }) =>
  keepPageOnFailedRequest(args, (form) => ({
    ok: false,
    intent: String(form.get("intent") ?? ""),
    enquiryId: String(form.get("enquiryId") ?? ""),
    field: null,
    message: ADMIN_REQUEST_FAILED,
  }));

export type FormError = Extract<InboxFormAnswer, { ok: false }> | null | undefined;

export function errorFor(answer: unknown, enquiryId: string, intent: string): FormError {
  const value = answer as InboxFormAnswer | undefined;
  if (!value || value.ok || value.enquiryId !== enquiryId || value.intent !== intent) return null;
  return value;
}

/** Stage select + Move; for sales enquiries the value and currency Won asks for, folded away. */
export function StageForm({
  enquiry,
  label,
  error,
  returnTo,
  onSubmit,
  withValueFields = true,
}: {
  enquiry: { id: string; kind: Kind; stage: Stage; valueMinor: number | null; currency: string | null };
  /** Names the enquiry for screen readers ("Move Anna Berg's enquiry to"). */
  label: string;
  error?: FormError;
  returnTo?: string;
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
  /** The board's cards carry Won's value fields; the person page has its own value form. */
  withValueFields?: boolean;
}) {
  const selectId = `move-${enquiry.id}`;
  const errorId = `stage-error-${enquiry.id}`;
  const isSales = pipelineOf(enquiry.kind) === "sales";
  return (
    <Form method="post" className="grid gap-2" onSubmit={onSubmit} data-stage-form={enquiry.id}>
      <input type="hidden" name="intent" value="stage" />
      <input type="hidden" name="enquiryId" value={enquiry.id} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <Label htmlFor={selectId} className="text-sm">
        {label}
      </Label>
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <NativeSelect
            id={selectId}
            name="stage"
            defaultValue={enquiry.stage}
            aria-invalid={error?.field === "stage" ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          >
            <Options values={stagesFor(enquiry.kind)} label={stageLabels} />
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline" size="sm" className="h-11">
          Move
        </Button>
      </div>
      {isSales && withValueFields ? (
        <details className="text-sm" open={error?.field === "value" || error?.field === "currency" ? true : undefined}>
          <summary className="cursor-pointer text-ink-700">Value (for Won)</summary>
          <ValueFields id={`stage-${enquiry.id}`} valueMinor={enquiry.valueMinor} currency={enquiry.currency} error={error} />
        </details>
      ) : null}
      <FieldError id={errorId} error={error?.message} />
    </Form>
  );
}

export function ValueFields({
  id,
  valueMinor,
  currency,
  error,
}: {
  id: string;
  valueMinor: number | null;
  currency: string | null;
  error?: FormError;
}) {
  return (
    <div className="mt-2 flex gap-2">
      <div className="grid min-w-0 flex-1 gap-1">
        <Label htmlFor={`${id}-value`} className="text-sm">
          Value
        </Label>
        <Input
          id={`${id}-value`}
          name="value"
          inputMode="decimal"
          maxLength={40}
          defaultValue={valueInputText(valueMinor, currency)}
          aria-invalid={error?.field === "value" ? true : undefined}
          className="h-10 text-sm"
        />
      </div>
      <div className="grid w-20 gap-1">
        <Label htmlFor={`${id}-currency`} className="text-sm">
          Currency
        </Label>
        <Input
          id={`${id}-currency`}
          name="currency"
          maxLength={3}
          autoCapitalize="characters"
          defaultValue={currency ?? DEFAULT_CURRENCY}
          aria-invalid={error?.field === "currency" ? true : undefined}
          className="h-10 text-sm uppercase"
        />
      </div>
    </div>
  );
}

export function ValueForm({
  enquiry,
  error,
}: {
  enquiry: { id: string; valueMinor: number | null; currency: string | null };
  error?: FormError;
}) {
  return (
    <Form method="post" className="grid gap-2">
      <input type="hidden" name="intent" value="value" />
      <input type="hidden" name="enquiryId" value={enquiry.id} />
      <ValueFields id={`value-${enquiry.id}`} valueMinor={enquiry.valueMinor} currency={enquiry.currency} error={error} />
      <div>
        <Button type="submit" variant="outline" size="sm">
          Save value
        </Button>
      </div>
      <FieldError id={`value-error-${enquiry.id}`} error={error?.message} />
    </Form>
  );
}

export function OwnerForm({
  enquiry,
  owners,
  error,
}: {
  enquiry: { id: string; kind: Kind; ownerId: string | null };
  owners: ReadonlyArray<Owner>;
  error?: FormError;
}) {
  const id = `owner-${enquiry.id}`;
  // A mentor who does not work the inbox can be given mentoring requests and bookings only.
  const mentoring = pipelineOf(enquiry.kind) === "mentoring";
  return (
    <Form method="post" className="grid gap-2">
      <input type="hidden" name="intent" value="owner" />
      <input type="hidden" name="enquiryId" value={enquiry.id} />
      <Label htmlFor={id} className="text-sm">
        Owner
      </Label>
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <NativeSelect id={id} name="ownerId" defaultValue={enquiry.ownerId ?? ""}>
            <option value="">Nobody</option>
            <OwnerOptions owners={mentoring ? owners : owners.filter((owner) => !owner.mentorOnly)} />
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline" size="sm" className="h-11">
          Save owner
        </Button>
      </div>
      <FieldError id={`owner-error-${enquiry.id}`} error={error?.message} />
    </Form>
  );
}

/** The admins an enquiry can be given to, by name (or e-mail when they have none); a mentor says so. */
export function OwnerOptions({ owners }: { owners: ReadonlyArray<Owner> }) {
  return owners.map((owner) => (
    <option key={owner.id} value={owner.id}>
      {owner.name || owner.email}
      {owner.mentorOnly ? " (mentor)" : ""}
    </option>
  ));
}
