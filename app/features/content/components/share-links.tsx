import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/features/admin/components/list-controls";

/** "Share a preview": links that show the draft to someone without an account, for 7 days. */
export function ShareLinks({ links }: { links: Array<{ id: string; url: string; expiresAt: string }> }) {
  return (
    <section aria-labelledby="share-heading" className="space-y-3 border-t border-ink-100 pt-4">
      <h2 id="share-heading" className="text-sm font-semibold text-ink-700">
        Share a preview
      </h2>
      <p className="text-sm text-ink-600">
        A link that shows the draft, as it is when opened, to anyone who has it: for 7 days, or until you revoke it.
      </p>
      <ul className="space-y-3">
        {links.map((link, index) => (
          <li key={link.id} className="space-y-1.5">
            <label htmlFor={`share-${link.id}`} className="text-xs text-ink-700">
              Link {index + 1}, until {formatDateTime(link.expiresAt)}
            </label>
            <input id={`share-${link.id}`} readOnly value={link.url} className="ui-control ui-input w-full text-xs" />
            <Form method="post">
              <input type="hidden" name="linkId" value={link.id} />
              <Button type="submit" name="intent" value="revoke-share" variant="outline" size="sm" aria-label={`Revoke link ${index + 1}`}>
                Revoke
              </Button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post">
        <Button type="submit" name="intent" value="share" variant="outline" size="sm">
          Make a share link
        </Button>
      </Form>
    </section>
  );
}
