import { ArrowDownRight, ArrowUpRight, Rss, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { mayOpen, ROLE_DESCRIPTIONS, ROLE_LABELS } from "~/.server/permissions";
import { adminNav } from "~/features/admin/components/admin-nav";
import { lowDiskFacts } from "~/.server/disk-space";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { Chart } from "~/features/analytics/components/chart";
import { CsvLink, DataTableView } from "~/features/analytics/components/data-table";
import { DiskLowNotice } from "~/features/analytics/components/disk-low-notice";
import { DASHBOARD_RANGES, type DashboardRange, type DashboardTableId } from "~/features/analytics/dashboard-options";
import { loadDashboard, parseRange, type DataTable, type Kpi } from "~/features/analytics/dashboard.server";
import type { ChartModel } from "~/features/analytics/charts.server";
import { cn } from "~/lib/cn";
import { publicUrlFrom, seo } from "~/lib/seo";
import { MailboxTroubleNotice } from "~/features/inbox/components/mailbox-trouble-notice";
import { PublishTroubleNotice, type PublishTrouble } from "~/features/content/components/publish-trouble-notice";
import { failedPublishes } from "~/features/content/items.server";
import { mailboxTrouble } from "~/features/inbox/mail/reader-status.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Dashboard",
    description: "Visitors, sources, conversions, enquiries and replies, newsletter and AI usage.",
    path: "/admin",
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

/**
 * /admin: the studio's numbers for the last 7, 30 or 90 days (docs/admin.md, "Dashboard"), for
 * the roles that may see them (the analytics'); for the others, their roles and their pages.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  if (!mayOpen(admin.roles, "/api/admin/analytics")) {
    const roles = admin.roles.map((role) => ({ label: ROLE_LABELS[role], description: ROLE_DESCRIPTIONS[role] }));
    const pages = adminNav.filter((link) => link.to !== "/admin" && mayOpen(admin.roles, link.to));
    const publishing = mayOpen(admin.roles, "/admin/content") ? await failedPublishes() : [];
    return { dashboard: null, roles, pages, diskLow: null, mailbox: null, publishing };
  }
  const range = parseRange(new URL(request.url).searchParams.get("range"));
  const [dashboard, mailbox, publishing] = await Promise.all([loadDashboard(range), mailboxTrouble(), failedPublishes()]);
  return { dashboard, roles: [], pages: [], diskLow: lowDiskFacts(), mailbox, publishing };
}

type Dashboard = NonNullable<Route.ComponentProps["loaderData"]["dashboard"]>;

const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, diskLow, mailbox, publishing } = loaderData;
  if (!dashboard) return <RoleHome roles={loaderData.roles} pages={loaderData.pages} publishing={publishing} />;
  const { range, tables, charts } = dashboard;
  return (
    <AdminShell
      title="Dashboard"
      description={`${longDay(dashboard.fromDay)} to ${longDay(dashboard.toDay)} (UTC). Visitors are counted without cookies; returning visitors only for those who accepted analytics cookies.`}
      actions={<RangeSwitch range={range} />}
    >
      <div className="flex flex-col gap-6">
        {diskLow ? <DiskLowNotice disk={diskLow} /> : null}
        {mailbox ? <MailboxTroubleNotice trouble={mailbox} /> : null}
        {publishing.length > 0 ? <PublishTroubleNotice trouble={publishing} /> : null}
        <section aria-label="Key figures">
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
            {dashboard.kpis.map((kpi) => (
              <KpiCard key={kpi.label} kpi={kpi} />
            ))}
          </ul>
        </section>

        <Panel id="traffic" title="Visitors and page views" table={tables.traffic} range={range} chart={charts.traffic} />

        <Panel
          id="reply-times"
          title="Time to first reply"
          table={tables["reply-times"]}
          range={range}
          tableVisible
          intro={<p className="text-ink-800">{dashboard.replies}</p>}
        >
          <p className="text-sm text-ink-600">
            From when an enquiry came in to the first reply sent from the inbox, by the week it came in (Monday, UTC). Still waiting: no
            reply yet, and the person waits for one. Held items are left out.
          </p>
        </Panel>

        <EnquiryPanels tables={tables} range={range} />

        <AudiencePanels tables={tables} range={range} charts={charts} />

        <Panel
          id="issues"
          title="Newsletter issues"
          table={tables.issues}
          range={range}
          chart={tables.issues.rows.length > 0 ? charts.issues : undefined}
          tableVisible
          empty="No issue was sent in this range."
        >
          <p className="text-sm text-ink-600">
            Unsubscribed: recipients of the issue who unsubscribed before the next one. A send in progress shows its live progress on the{" "}
            <Link to="/admin/newsletter" className="font-medium text-aurora-700 underline underline-offset-2">
              newsletter page
            </Link>
            .
          </p>
        </Panel>

        <div className="grid gap-6 lg:grid-cols-2">
          <Panel id="ai-usage" title="AI usage against the daily budget" table={tables["ai-usage"]} range={range} chart={charts.ai}>
            <AiToday ai={dashboard.ai} />
          </Panel>
          <FeedHealth feeds={dashboard.feeds} table={tables.feeds} range={range} />
        </div>
      </div>
    </AdminShell>
  );
}

/** The start page of a role without the studio's numbers: what the roles are for, and their pages. */
function RoleHome({
  roles,
  pages,
  publishing,
}: {
  roles: Array<{ label: string; description: string }>;
  pages: Array<{ label: string; to: string }>;
  publishing: PublishTrouble;
}) {
  return (
    <AdminShell title="Dashboard" description="The studio's numbers are for the owners and Sales. Your part of the admin:">
      <div className="flex flex-col gap-6">
        {publishing.length > 0 ? <PublishTroubleNotice trouble={publishing} /> : null}
        <section aria-labelledby="roles-title">
          <h2 id="roles-title" className="text-lg font-semibold">
            Your roles
          </h2>
          <ul className="mt-2 list-disc pl-5 text-ink-800">
            {roles.map((role) => (
              <li key={role.label}>
                <strong>{role.label}</strong>: {role.description}
              </li>
            ))}
          </ul>
        </section>
        <nav aria-label="Your pages">
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {pages.map((page) => (
              <li key={page.to}>
                <Link
                  to={page.to}
                  className="block rounded-[var(--radius-card)] border border-ink-200 bg-white p-4 font-medium hover:border-aurora-700"
                >
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </AdminShell>
  );
}

function RangeSwitch({ range }: { range: DashboardRange }) {
  return (
    <nav aria-label="Range" className="inline-flex rounded-[var(--radius-control)] border border-ink-300 bg-white p-1">
      {DASHBOARD_RANGES.map((days) => (
        <Link
          key={days}
          to={`?range=${days}`}
          aria-current={days === range ? "page" : undefined}
          className={cn(
            "rounded-lg px-3 py-1.5 text-sm font-medium",
            days === range ? "bg-ink-950 text-white" : "text-ink-700 hover:bg-ink-100 hover:text-ink-950",
          )}
        >
          {days} days
        </Link>
      ))}
    </nav>
  );
}

function KpiCard({ kpi }: { kpi: Kpi }) {
  const up = kpi.change !== null && kpi.change > 0;
  const down = kpi.change !== null && kpi.change < 0;
  return (
    <li className="ui-card flex flex-col gap-1 p-4 sm:p-5">
      <span className="text-sm font-medium text-ink-600">{kpi.label}</span>
      <span className="font-display text-3xl font-semibold tabular-nums text-ink-950">{kpi.value}</span>
      <span className="flex flex-wrap items-center gap-x-1.5 text-xs text-ink-600">
        {kpi.change !== null ? (
          <span
            className={cn("inline-flex items-center font-semibold", up ? "text-aurora-700" : down ? "text-danger-700" : "text-ink-700")}
          >
            {up ? (
              <ArrowUpRight aria-hidden="true" className="size-3.5" />
            ) : down ? (
              <ArrowDownRight aria-hidden="true" className="size-3.5" />
            ) : null}
            <span className="sr-only">{up ? "up" : down ? "down" : "unchanged"} </span>
            {Math.abs(kpi.change)}%
          </span>
        ) : null}
        <span>{kpi.detail}</span>
      </span>
    </li>
  );
}

function Panel({
  id,
  title,
  table,
  range,
  chart,
  tableVisible = false,
  barKey,
  limit,
  empty,
  intro,
  children,
}: {
  id: string;
  title: string;
  table: DataTable;
  range: DashboardRange;
  chart?: ChartModel;
  tableVisible?: boolean;
  barKey?: string;
  limit?: number;
  empty?: string;
  /** Shown above the chart and the table. */
  intro?: ReactNode;
  children?: ReactNode;
}) {
  const headingId = `panel-${id}`;
  return (
    <section aria-labelledby={headingId} className="ui-card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <CsvLink table={table} range={range} />
      </div>
      {intro}
      {chart ? <Chart chart={chart} /> : null}
      {tableVisible ? (
        <DataTableView table={table} barKey={barKey} limit={limit} empty={empty} />
      ) : (
        <details className="group rounded-[var(--radius-control)] border border-ink-200 px-4 py-2">
          <summary className="cursor-pointer py-1 text-sm font-medium text-ink-800">Show the numbers</summary>
          <div className="pt-2">
            <DataTableView table={table} empty={empty} />
          </div>
        </details>
      )}
      {children}
    </section>
  );
}

function FunnelNote({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="inline font-medium text-ink-800">{term}: </dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}

function AiToday({ ai }: { ai: Dashboard["ai"] }) {
  return (
    <div className="flex flex-col gap-2">
      <BudgetLine id="ai-budget-today" label="Requests today" used={ai.today} budget={ai.budget} />
      <BudgetLine id="ai-token-budget-today" label="Tokens today" used={ai.tokensToday} budget={ai.tokenBudget} />
    </div>
  );
}

function BudgetLine({ id, label, used, budget }: { id: string; label: string; used: number; budget: number }) {
  const percent = Math.min(100, Math.round((used / budget) * 100));
  return (
    <div className="flex items-center gap-3 text-sm text-ink-700">
      <Sparkles aria-hidden="true" className="size-4 shrink-0 text-violet-500" />
      <label htmlFor={id} className="shrink-0">
        {label}: {used.toLocaleString("en-GB")} of {budget.toLocaleString("en-GB")}
      </label>
      <meter
        id={id}
        min={0}
        max={budget}
        low={budget * 0.7}
        high={budget * 0.9}
        optimum={0}
        value={Math.min(used, budget)}
        className="h-2 w-full"
      >
        {percent}%
      </meter>
    </div>
  );
}

function FeedHealth({ feeds, table, range }: { feeds: Dashboard["feeds"]; table: DataTable; range: DashboardRange }) {
  return (
    <section aria-labelledby="panel-feeds" className="ui-card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="panel-feeds" className="text-lg font-semibold">
          News feed health
        </h2>
        <CsvLink table={table} range={range} />
      </div>
      <p className="flex items-center gap-3">
        <Rss aria-hidden="true" className="size-5 text-aurora-700" />
        <span className="font-display text-3xl font-semibold tabular-nums">
          {feeds.ok} of {feeds.total}
        </span>
        <span className="text-sm text-ink-600">feeds fetched without errors</span>
      </p>
      {feeds.attention.length === 0 ? (
        <p className="text-sm text-ink-700">{feeds.total === 0 ? "No feed has been fetched yet." : "No feed needs attention."}</p>
      ) : (
        <ul aria-label="Feeds that need attention" className="flex flex-col gap-2 text-sm">
          {feeds.attention.slice(0, 6).map((feed) => (
            <li key={feed.title} className="flex justify-between gap-3 border-b border-ink-100 pb-2 last:border-0">
              <span className="truncate">{feed.title}</span>
              <span className="shrink-0 font-medium text-danger-700">{feed.state}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/admin/feeds" className="text-sm font-medium text-aurora-700 underline underline-offset-2">
        All feeds
      </Link>
    </section>
  );
}

/** The won value, by where the won enquiries' people came from. */
const wonTables = [
  {
    id: "won-by-source",
    title: "Won value by source",
    note: "Enquiries moved to Won during the range, by the visit the person came from; each currency is summed on its own.",
  },
  { id: "won-by-campaign", title: "Won value by campaign", note: "The same, by the utm_campaign of that visit." },
] as const;

/** Where enquiries come from and how far they get: the funnel, the stages and the won value. */
function EnquiryPanels({ tables, range }: { tables: Dashboard["tables"]; range: DashboardRange }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel id="funnel" title="From visit to won" table={tables.funnel} range={range} tableVisible>
        <dl className="grid gap-1 text-sm text-ink-600">
          <FunnelNote term="Visitors">everyone who visited in the range, once a day each (as the Visitors figure above).</FunnelNote>
          <FunnelNote term="Enquiries">
            chat leads, form submissions and bookings that came in during the range, not held for review; the share is of visitors.
          </FunnelNote>
          <FunnelNote term="Replied">
            of those enquiries, the ones with a first reply sent from the inbox; the share is of enquiries.
          </FunnelNote>
          <FunnelNote term="Won">
            of those enquiries, the ones in the Won stage now (mentoring has no Won stage); the share is of enquiries.
          </FunnelNote>
        </dl>
      </Panel>
      <Panel id="stages" title="Enquiries by stage" table={tables.stages} range={range} tableVisible barKey="enquiries">
        <p className="text-sm text-ink-600">Enquiries that came in during the range, by the stage they are in now.</p>
      </Panel>
      {wonTables.map(({ id, title, note }) => (
        <Panel
          key={id}
          id={id}
          title={title}
          table={tables[id]}
          range={range}
          tableVisible
          barKey="won"
          empty="Nothing was won in this range."
        >
          <p className="text-sm text-ink-600">{note}</p>
        </Panel>
      ))}
    </div>
  );
}

/** The tables of who visits and from where: their first rows, each with a bar for its count. */
const audienceTables: Array<{ id: DashboardTableId; title: string; barKey: string; limit?: number; empty?: string }> = [
  { id: "pages", title: "Top pages", barKey: "views", limit: 10 },
  { id: "sources", title: "Sources and conversions", barKey: "visitors", limit: 10 },
  { id: "campaigns", title: "Campaigns", barKey: "visitors", limit: 10, empty: "No visits with a utm_campaign in this range." },
  { id: "conversions", title: "Conversions by kind", barKey: "conversions" },
  { id: "referrers", title: "Referrers", barKey: "visitors", limit: 10, empty: "No visits from other sites in this range." },
  { id: "devices", title: "Devices", barKey: "visitors" },
];

/** Who visits and from where: pages, sources, campaigns, referrers, devices, leads and subscribers. */
function AudiencePanels({ tables, range, charts }: { tables: Dashboard["tables"]; range: DashboardRange; charts: Dashboard["charts"] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {audienceTables.map(({ id, ...panel }) => (
        <Panel key={id} id={id} {...panel} table={tables[id]} range={range} tableVisible />
      ))}
      <Panel id="leads" title="Leads per week" table={tables.leads} range={range} chart={charts.leads} />
      <Panel id="subscribers" title="Confirmed subscribers" table={tables.subscribers} range={range} chart={charts.subscribers} />
    </div>
  );
}
