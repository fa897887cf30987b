import { data, Form, Link } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { Input, Label } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { ExportLink, formatDateTime, withParams } from "~/features/admin/components/list-controls";
import { AUDIT_ACTIONS, auditQuerySchema, listAudit } from "~/features/admin/record-admin-audit.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = noindexMeta("Audit log", "Who did what in the admin, and when.", "/admin/audit");

/** /admin/audit (owners): the audit log, newest first, filtered by person, action and days (docs/admin.md, "Audit log"). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const parsed = auditQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : {};
  const page = await listAudit(query);
  const status = parsed.success ? 200 : 400;
  return data({ query, ...page, actions: AUDIT_ACTIONS, error: parsed.success ? null : parsed.error.issues[0]!.message }, { status });
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { query, entries, nextCursor, actions, error } = loaderData;
  const filters = { actor: query.actor, action: query.action, from: query.from, to: query.to };
  return (
    <AdminShell
      title="Audit log"
      description="Every sign-in and failed sign-in, two-factor change, change of the team, export and erasure, with who, when and from which address. Entries are never changed or removed."
      actions={<ExportLink href={`/api/admin/audit${withParams("", { ...filters, format: "csv" })}`} />}
    >
      <Form method="get" role="search" aria-label="Filter the audit log" className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-actor">Person (e-mail)</Label>
          <Input id="audit-actor" name="actor" type="search" defaultValue={query.actor ?? ""} maxLength={200} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-action">Action</Label>
          <NativeSelect id="audit-action" name="action" defaultValue={query.action ?? ""}>
            <option value="">Any</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-from">From (UTC day)</Label>
          <Input id="audit-from" name="from" type="date" defaultValue={query.from ?? ""} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-to">To (UTC day)</Label>
          <Input id="audit-to" name="to" type="date" defaultValue={query.to ?? ""} />
        </div>
        <div>
          <Button type="submit">Filter</Button>
        </div>
      </Form>
      {error ? <FieldError error={error} /> : null}
      {entries.length === 0 ? (
        <p className="mt-8 text-ink-700">No entries match.</p>
      ) : (
        <ol aria-label="Audit entries" className="mt-8 divide-y divide-ink-200 rounded-[var(--radius-card)] border border-ink-200 bg-white">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-1 p-4 text-sm" data-testid="audit-entry">
              <p>
                <span className="font-semibold">{entry.action}</span>
                {entry.target ? <span className="break-words text-ink-800"> · {entry.target}</span> : null}
                {entry.summary ? <span className="break-words text-ink-700"> · {entry.summary}</span> : null}
              </p>
              <p className="text-ink-600">
                <span className="break-words">{entry.actor}</span> · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {entry.ip ? ` · from ${entry.ip}` : ""}
              </p>
            </li>
          ))}
        </ol>
      )}
      {nextCursor ? (
        <p className="mt-4">
          <Link
            to={withParams("", { ...filters, cursor: nextCursor })}
            className="font-medium text-aurora-700 underline underline-offset-4"
          >
            Older entries
          </Link>
        </p>
      ) : null}
    </AdminShell>
  );
}
