import { desc, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { newsletterDeliveries, newsletterIssues, type NewsletterIssueStatus } from "~/.server/db/schema";

export type IssueSummary = {
  issueDate: string;
  status: NewsletterIssueStatus;
  subject: string;
  stories: number;
  sent: number;
  failed: number;
  bounced: number;
  pending: number;
  completedAt: string | null;
};

/** The newest issues with their delivery counts, for the admin history. */
export async function listNewsletterIssues(limit = 30): Promise<IssueSummary[]> {
  const d = newsletterDeliveries;
  const counts = getDb()
    .select({
      issueId: d.issueId,
      sent: sql<number>`count(*) filter (where ${d.status} = 'sent')`.mapWith(Number).as("sent"),
      failed: sql<number>`count(*) filter (where ${d.status} = 'failed')`.mapWith(Number).as("failed"),
      bounced: sql<number>`count(*) filter (where ${d.status} = 'bounced')`.mapWith(Number).as("bounced"),
      pending: sql<number>`count(*) filter (where ${d.status} = 'pending')`.mapWith(Number).as("pending"),
    })
    .from(d)
    .groupBy(d.issueId)
    .as("counts");
  const rows = await getDb()
    .select({
      issueDate: newsletterIssues.issueDate,
      status: newsletterIssues.status,
      subject: newsletterIssues.subject,
      stories: sql<number>`jsonb_array_length(${newsletterIssues.stories})`.mapWith(Number),
      sent: sql<number>`coalesce(${counts.sent}, 0)`.mapWith(Number),
      failed: sql<number>`coalesce(${counts.failed}, 0)`.mapWith(Number),
      bounced: sql<number>`coalesce(${counts.bounced}, 0)`.mapWith(Number),
      pending: sql<number>`coalesce(${counts.pending}, 0)`.mapWith(Number),
      completedAt: newsletterIssues.completedAt,
    })
    .from(newsletterIssues)
    .leftJoin(counts, sql`${counts.issueId} = ${newsletterIssues.id}`)
    .orderBy(desc(newsletterIssues.issueDate))
    .limit(limit);
  return rows.map((row) => ({ ...row, completedAt: row.completedAt?.toISOString() ?? null }));
}
