import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { withParams } from "./list-controls";

/**
 * "Delete" is a link to `?delete=<id>`, which shows this confirmation in
 * place: it works without JavaScript (no portal) and with it (focus moves
 * to the panel). Only the form in here deletes.
 */
export function DeleteLink({ id, label }: { id: string; label: string }) {
  const { search } = useLocation();
  return (
    <Button asChild variant="ghost" size="sm" className="text-danger-700 hover:bg-danger-100">
      <Link to={withParams(search, { delete: id })} preventScrollReset aria-label={label}>
        Delete
      </Link>
    </Button>
  );
}

type ConfirmDeleteProps = { id: string; title: string; description: string };

/** The confirmation of one record's delete, shown while `open` (the page's `?delete=` names the record). */
export function ConfirmDelete({ open, ...props }: ConfirmDeleteProps & { open: boolean }) {
  return open ? <ConfirmDeletePanel {...props} /> : null;
}

function ConfirmDeletePanel({ id, title, description }: ConfirmDeleteProps) {
  const { search } = useLocation();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  const headingId = `confirm-delete-${id}`;
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="group"
      aria-labelledby={headingId}
      className="mt-4 rounded-xl border border-danger-700/40 bg-danger-100 p-4 focus:outline-2 focus:outline-danger-700"
    >
      <p id={headingId} className="font-semibold text-danger-700">
        {title}
      </p>
      <p className="mt-1 text-sm text-ink-800">{description}</p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="returnTo" value={withParams(search, { delete: undefined })} />
        <Button type="submit" className="bg-danger-700 hover:bg-danger-700/90">
          Delete permanently
        </Button>
        <Button asChild variant="outline">
          <Link to={withParams(search, { delete: undefined })} preventScrollReset>
            Cancel
          </Link>
        </Button>
      </Form>
    </div>
  );
}
