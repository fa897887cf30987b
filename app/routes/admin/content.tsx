import { Form, Link } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { Button } from "~/components/ui/button";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { AdminTable } from "~/features/admin/components/admin-table";
import { formatDateTime } from "~/features/admin/components/list-controls";
import { StatusBadge } from "~/features/content/components/status-badge";
import { contentType, type ContentType } from "~/features/content/content-types";
import { itemSummary, or404, requireContentType, type ItemSummary } from "~/features/content/editor.server";
import { listItems, moveItem } from "~/features/content/items.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/content";
import { AdminSection } from "~/features/admin/components/admin-section";

/** /admin/content: what the site says, per kind, with each item's status and last change (docs/content.md). */
export const meta: Route.MetaFunction = noindexMeta(
  "Content",
  "What the site says, per kind: drafts, publishing and history.",
  "/admin/content",
);

/** The lists, in the order the page shows them, with what the editor should know about each. */
const SECTIONS: Array<{ type: ContentType; note: string }> = [
  { type: "projects", note: "In the order the projects page and the home page show them." },
  { type: "services", note: "The four offers on /services, in their order there." },
  {
    type: "pages",
    note: "The copy of the home page, the about page, the mentoring page and the Free Build Program, and the studio's contact details.",
  },
  { type: "people", note: "In the order the home page and the about page show them." },
  { type: "partners", note: "The logos on the about page, in this order." },
  {
    type: "legal",
    note: "Each keeps its sections; publishing a changed text moves its \u201cLast updated\u201d date to the day of the publish.",
  },
  { type: "references", note: "The two written client references, each beside its project\u2019s card." },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const lists = await Promise.all(SECTIONS.map(({ type }) => listItems(type)));
  return {
    sections: SECTIONS.map(({ type, note }, index) => {
      const info = contentType(type);
      return { type, note, label: info.label, singular: info.singular, growable: info.growable, items: lists[index]!.map(itemSummary) };
    }),
  };
}

/** Up and Down: the order of a list the site shows in order (projects, founders, partners). */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const direction = form.get("move");
  const key = String(form.get("id") ?? "");
  const type = String(form.get("type") ?? "projects");
  if ((direction === "up" || direction === "down") && key) await or404(() => moveItem(requireContentType(type), key, direction));
  return null;
}

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell
      title="Content"
      description="Edit what the site says as a draft: the site changes when you publish it. Every save is kept in the item's history."
      actions={
        <Button asChild variant="outline">
          <Link to="/admin/content/media">Images</Link>
        </Button>
      }
    >
      {loaderData.sections.map((section, index) => (
        <section key={section.type} aria-labelledby={`${section.type}-heading`} className={index > 0 ? "mt-10" : undefined}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id={`${section.type}-heading`} className="text-xl font-semibold">
              {section.label}
            </h2>
            {section.growable ? (
              <Button asChild size="sm">
                <Link to={`/admin/content/${section.type}/new`}>New {section.singular}</Link>
              </Button>
            ) : null}
          </div>
          <p className="mt-1 mb-4 text-sm text-ink-600">{section.note}</p>
          <ItemTable items={section.items} caption={`${section.label}, their status and last change`} ordered={section.growable} />
        </section>
      ))}
      <AdminSection headingId="transfer-heading" heading="Export and import" className="mt-10 max-w-2xl">
        <p className="mt-1 text-sm text-ink-600">
          All content as one JSON file, to keep in git or to move to another instance. An import replaces the items the file names (each
          keeps a revision) and adds new ones; nothing else changes, and a file with one wrong item changes nothing.
        </p>
        <div className="mt-4 flex flex-wrap items-end gap-4">
          <Button asChild variant="outline">
            <a href="/admin/content/export" download>
              Export all content
            </a>
          </Button>
          <Form method="post" action="/admin/content/import" encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-1.5">
              <label htmlFor="import-file" className="text-sm font-medium">
                Content file
              </label>
              <input id="import-file" name="file" type="file" accept="application/json,.json" required className="text-sm" />
            </div>
            <Button type="submit" variant="outline">
              Import
            </Button>
          </Form>
        </div>
      </AdminSection>
    </AdminShell>
  );
}

const itemColumns = ["Title", "Status", "Last change"];

function ItemTable({ items, caption, ordered = false }: { items: ItemSummary[]; caption: string; ordered?: boolean }) {
  return (
    <AdminTable
      caption={caption}
      columns={ordered ? [...itemColumns, "Order"] : itemColumns}
      after={items.length === 0 ? <p className="p-4 text-ink-600">Nothing here yet.</p> : null}
    >
      {items.map((item, index) => (
        <tr key={item.id} className="border-t border-ink-100 align-top">
          <th scope="row" className="px-4 py-3 font-medium">
            <Link to={item.editPath} className="text-aurora-700 underline underline-offset-2">
              {item.title}
            </Link>
            <span className="block text-xs font-normal text-ink-600">{item.sitePath}</span>
          </th>
          <td className="px-4 py-3">
            <StatusBadge item={item} />
            {item.publishError ? (
              <p className="mt-1 max-w-xs text-xs text-danger-700">Scheduled publish failed: {item.publishError}</p>
            ) : null}
          </td>
          <td className="px-4 py-3 whitespace-nowrap">
            {formatDateTime(item.updatedAt)}
            {item.updatedBy ? <span className="block text-xs text-ink-600">by {item.updatedBy}</span> : null}
          </td>
          {ordered ? <OrderCell item={item} first={index === 0} last={index === items.length - 1} /> : null}
        </tr>
      ))}
    </AdminTable>
  );
}

/** Up and Down for one item. */
function OrderCell({ item, first, last }: { item: ItemSummary; first: boolean; last: boolean }) {
  return (
    <td className="px-4 py-3">
      <Form method="post" className="flex gap-1">
        <input type="hidden" name="id" value={item.id} />
        <input type="hidden" name="type" value={item.type} />
        <Button type="submit" name="move" value="up" variant="outline" size="sm" disabled={first} aria-label={`Move ${item.title} up`}>
          Up
        </Button>
        <Button type="submit" name="move" value="down" variant="outline" size="sm" disabled={last} aria-label={`Move ${item.title} down`}>
          Down
        </Button>
      </Form>
    </td>
  );
}
