import { requireAdmin } from "~/.server/admin-guard";
import { Badge } from "~/components/ui/badge";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { formatDateTime } from "~/features/admin/components/list-controls";
import { feedState, feedStateLabels } from "~/features/news/feed-state";
import { listFeedHealth } from "~/features/news/list-feed-health.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/feeds";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "News feeds", description: "Health of the AI news sources.", path: "/admin/feeds", publicUrl: publicUrlFrom(matches), noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const now = new Date();
  const feedHealth = await listFeedHealth();
  const feeds = feedHealth.map((feed) => ({
    url: feed.url,
    title: feed.title,
    state: feedState(feed, now),
    consecutiveFailures: feed.consecutiveFailures,
    lastSuccessAt: feed.lastSuccessAt?.toISOString() ?? null,
    lastError: feed.lastError,
    itemsRefusedNote: feed.itemsRefused > 0 ? feed.itemsRefusedNote : null,
  }));
  return { feeds };
}

export default function AdminFeeds({ loaderData }: Route.ComponentProps) {
  const { feeds } = loaderData;
  const troubled = feeds.filter((feed) => feed.state !== "ok" && feed.state !== "not-fetched");
  return (
    <AdminShell
      title="News feeds"
      description="The sources of the AI news hub. A feed that fails 6 times in a row is disabled and retried once a day; it comes back by itself when it answers again. Items the database refused are listed with the feed; its other items are stored."
    >
      <p className="mb-6 text-sm text-ink-700" role="status">
        {troubled.length === 0 ? "All feeds are healthy." : `${troubled.length} of ${feeds.length} feeds need attention.`}
      </p>
      {feeds.length === 0 ? (
        <p className="text-ink-600">No feed has been fetched yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-[var(--radius-card)] border border-ink-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">News feeds and their state</caption>
            <thead className="bg-ink-50 text-ink-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Feed</th>
                <th scope="col" className="px-4 py-3 font-semibold">State</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Failures in a row</th>
                <th scope="col" className="px-4 py-3 font-semibold">Last success</th>
                <th scope="col" className="px-4 py-3 font-semibold">Last error / refused items</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  );
}
