import { HONEYPOT_FIELD } from "~/lib/form-traps";

/**
 * The invisible honeypot of a public form (app/lib/form-traps.ts): a text
 * field people never see or reach (display:none, out of the tab order, hidden
 * from assistive technology), left out of autofill where browsers allow it.
 * Form-filling bots fill it in; a submission with a value is held for review
 * (the newsletter sign-up names its own field and answers with a fake success).
 */
export function HoneypotField({ id, name = HONEYPOT_FIELD }: { id: string; name?: string }) {
  return (
    <div className="hidden" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
