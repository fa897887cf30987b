import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/features/admin/components/list-controls";

const LABELS = { published: "Published", draft: "Draft", scheduled: "Scheduled", unpublished: "Unpublished" } as const;

/** An item's status; "draft changes" when what is saved differs from what the site shows. */
export function StatusBadge({ item }: { item: { status: keyof typeof LABELS; changed: boolean; scheduledAt: string | null } }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge variant={item.status === "published" ? "accent" : item.status === "scheduled" ? "violet" : "neutral"}>
        {LABELS[item.status]}
      </Badge>
      {item.status === "scheduled" && item.scheduledAt ? (
        <span className="text-xs text-ink-700">{formatDateTime(item.scheduledAt)}</span>
      ) : null}
      {item.status === "published" && item.changed ? <span className="text-xs text-ink-700">Draft changes not published</span> : null}
    </span>
  );
}

/** Back to the Content page, above each of the editor's pages. */
export function AllContentLink() {
  return (
    <p className="mb-6 text-sm">
      <Link to="/admin/content" className="text-aurora-700 underline underline-offset-2">
        All content
      </Link>
    </p>
  );
}
