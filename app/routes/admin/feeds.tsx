import { requireAdmin } from "~/.server/admin-guard";
import { Badge } from "~/components/ui/badge";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { AdminTable } from "~/features/admin/components/admin-table";
import { formatDateTime } from "~/features/admin/components/list-controls";
import { feedState, feedStateLabels } from "~/features/news/read/feed-state";
import { listFeedsForAdmin, type FeedHealthRow } from "~/features/news/read/list-feed-health.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/feeds";
import { AdminSection } from "~/features/admin/components/admin-section";

export const meta: Route.MetaFunction = noindexMeta("News feeds", "Health of the AI news sources.", "/admin/feeds");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const now = new Date();
  const { configured, earlier } = await listFeedsForAdmin();
  const view = (feed: FeedHealthRow) => ({
    url: feed.url,
    title: feed.title,
    state: feedState(feed, now),
    consecutiveFailures: feed.consecutiveFailures,
    lastSuccessAt: feed.lastSuccessAt?.toISOString() ?? null,
    lastError: feed.lastError,
    itemsRefusedNote: feed.itemsRefused > 0 ? feed.itemsRefusedNote : null,
  });
  return { feeds: configured.map(view), earlier: earlier.map(view) };
}

type FeedView = Awaited<ReturnType<typeof loader>>["feeds"][number];

export default function AdminFeeds({ loaderData }: Route.ComponentProps) {
  const { feeds, earlier } = loaderData;
  const troubled = feeds.filter((feed) => feed.state !== "ok" && feed.state !== "not-fetched");
  return (
    <AdminShell
      title="News feeds"
      description="The sources of the AI news hub (NEWS_FEEDS, or the built-in list when it is not set). A feed that fails 6 times in a row is disabled and retried once a day; it comes back by itself when it answers again. Items the database refused are listed with the feed; its other items are stored."
    >
      {feeds.length > 0 ? (
        <p className="mb-6 text-sm text-ink-700" role="status">
          {troubled.length === 0 ? "All feeds are healthy." : `${troubled.length} of ${feeds.length} feeds need attention.`}
        </p>
      ) : null}
      {feeds.length === 0 ? (
        <p className="text-ink-600">No feed is configured: NEWS_FEEDS lists none that is an http(s) address.</p>
      ) : (
        <FeedTable feeds={feeds} caption="Configured news feeds and their state" />
      )}
      {earlier.length > 0 ? (
        <AdminSection headingId="earlier-feeds-heading" heading="No longer configured" className="mt-10" data-testid="earlier-feeds">
          <p className="mt-2 mb-4 max-w-3xl text-sm text-ink-600">
            Feeds of an earlier configuration, still in the database with their stories. No refresh asks them; their state is as it was when
            they were last asked.
          </p>
          <FeedTable feeds={earlier} caption="Feeds no longer configured, with their last state" />
        </AdminSection>
      ) : null}
    </AdminShell>
  );
}

function FeedTable({ feeds, caption }: { feeds: FeedView[]; caption: string }) {
  return (
    <AdminTable
      caption={caption}
      columns={["Feed", "State", { heading: "Failures in a row", numeric: true }, "Last success", "Last error / refused items"]}
    >
      {feeds.map((feed) => (
        <tr key={feed.url} className="border-t border-ink-100 align-top">
          <th scope="row" className="px-4 py-3 font-medium">
            {feed.title ?? feed.url}
            <span className="block break-all text-xs font-normal text-ink-600">{feed.url}</span>
          </th>
          <td className="px-4 py-3">
            <Badge variant={feed.state === "ok" ? "accent" : "neutral"}>{feedStateLabels[feed.state]}</Badge>
          </td>
          <td className="px-4 py-3 text-right tabular-nums">{feed.consecutiveFailures}</td>
          <td className="px-4 py-3 whitespace-nowrap">{feed.lastSuccessAt ? formatDateTime(feed.lastSuccessAt) : "Never"}</td>
          <td className="px-4 py-3 break-words text-ink-700">
            {feed.lastError ? <p>{feed.lastError}</p> : null}
            {feed.itemsRefusedNote ? <p className={feed.lastError ? "mt-2" : undefined}>{feed.itemsRefusedNote}</p> : null}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
