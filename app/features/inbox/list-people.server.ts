import { INBOX_ROLES } from "~/.server/permissions";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { pageCount } from "~/features/admin/search.server";
import { mentorSees } from "./mentor-scope.server";
import { BOARD_CARDS_PER_STAGE, BOARD_COUNT_CAP, INBOX_PAGE_SIZE, LIST_COUNT_CAP, prefixTsQuery, type InboxQuery } from "./schema";
import { enquiryKinds, pipelineKinds, stagesFor, type Kind, type Stage } from "./stages";

/**
 * The inbox's list and board (docs/inbox.md, "List" and "Board"): people newest activity first,
 * or one column per stage, both under the same filters. Plain SQL with parameters: the shapes
 * (semi-joins, a lateral "newest N per stage") are what the indexes of decision 0180 serve.
 */

export type EnquirySummary = ReturnType<typeof toSummary>;

export type PersonRow = {
  id: string;
  name: string | null;
  email: string;
  lastActivityAt: string;
  enquiries: EnquirySummary[];
};

export type BoardCard = EnquirySummary & { personName: string | null; personEmail: string };
/** `count` is exact up to BOARD_COUNT_CAP; past it `count` is the cap and `countIsCapped` is true. */
export type BoardColumn = { stage: Stage; count: number; countIsCapped: boolean; cards: BoardCard[] };

type EnquiryRecord = {
  id: string;
  person_id: string;
  kind: Kind;
  stage: Stage;
  owner_id: string | null;
  owner_name: string | null;
  value_minor: string | number | null;
  currency: string | null;
  held_at: Date | string | null;
  created_at: Date | string;
  waiting_since: Date | string | null;
  source: string | null;
  reply_failed: boolean | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** An enquiry as the list, the board and the person page show it. */
function toSummary(row: EnquiryRecord) {
  return {
    id: row.id,
    personId: row.person_id,
    kind: row.kind,
    stage: row.stage,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    valueMinor: row.value_minor === null ? null : Number(row.value_minor),
    currency: row.currency,
    heldAt: isoOrNull(row.held_at),
    createdAt: iso(row.created_at),
    waitingSince: isoOrNull(row.waiting_since),
    // The first visit's source (utm_source, else the referrer's host), when analytics saw it.
    source: row.source,
    // Our latest reply to it did not reach the person (refused, given up, or bounced).
    replyFailed: row.reply_failed === true,
  };
}

/** Whether our latest reply to the enquiry failed (mail_deliveries; docs/inbox.md, "What became of a reply"). */
export function latestReplyFailed(enquiryId: SQL | AnyColumn): SQL<boolean | null> {
  return sql<boolean | null>`(select d.status = 'failed' from inbox_mails m join mail_deliveries d on d.message_id = m.message_id
    where m.enquiry_id = ${enquiryId} and m.direction = 'out' order by m.created_at desc limit 1)`;
}

/** The columns an enquiry summary is read with (`e` enquiries, `u` its owner, `c` its first visit). */
const enquiryColumns = sql`e.id, e.person_id, e.kind, e.stage, e.owner_id, u.name as owner_name, e.value_minor, e.currency,
  e.held_at, e.created_at, e.waiting_since, coalesce(c.utm_source, c.referrer_host) as source, ${latestReplyFailed(sql`e.id`)} as reply_failed`;
const enquiryJoins = sql`left join users u on u.id = e.owner_id
  left join analytics_conversions c on c.kind = e.kind and c.entity_id = e.source_id::text`;

function isEnquiryKind(kind: InboxQuery["kind"]): kind is Kind {
  return (enquiryKinds as readonly string[]).includes(kind ?? "");
}

/**
 * The filters, and whose inbox: `mentor` (a mentor's user id) keeps to that mentor's learners
 * and their mentoring enquiries (mentor-scope.server.ts); absent, the whole inbox.
 */
export type InboxFilters = InboxQuery & { mentor?: string | null };

/** Conditions on enquiries `e` from the filters (held: only held ones; otherwise never held ones). */
function enquiryConditions(query: InboxFilters): SQL[] {
  const conditions: SQL[] = [query.held ? sql`e.held_at is not null` : sql`e.held_at is null`];
  if (query.mentor) conditions.push(mentorSees(query.mentor));
  if (query.stage) conditions.push(sql`e.stage = ${query.stage}`);
  if (isEnquiryKind(query.kind)) conditions.push(sql`e.kind = ${query.kind}`);
  if (query.owner === "none") conditions.push(sql`e.owner_id is null`);
  else if (query.owner) conditions.push(sql`e.owner_id = ${query.owner}`);
  if (query.waiting) conditions.push(sql`e.waiting_since < now() - interval '24 hours'`);
  if (query.source) {
    conditions.push(sql`exists (select 1 from analytics_conversions fc
      where fc.kind = e.kind and fc.entity_id = e.source_id::text
        and (lower(fc.utm_source) = ${query.source} or fc.referrer_host = ${query.source}))`);
  }
  return conditions;
}

function hasEnquiryFilter(query: InboxFilters): boolean {
  return Boolean(query.mentor || query.stage || isEnquiryKind(query.kind) || query.owner || query.waiting || query.source || query.held);
}

/**
 * The search on people `p`; null when it has no word to look for (nothing matches). The whole
 * record (messages, chats, notes, mails) for the inbox; a mentor's search looks at names and
 * addresses only, so a word from a learner's other enquiries does not find them.
 */
function personMatch(query: InboxFilters): SQL | null {
  if (query.mentor) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`(p.name ilike ${like} or p.email ilike ${like})`;
  }
  const tsquery = prefixTsQuery(query.q);
  return tsquery ? sql`p.search_vector @@ to_tsquery('simple', ${tsquery})` : null;
}

/** Conditions on people `p`; null when the search has no word to look for (nothing matches). */
function personConditions(query: InboxFilters): SQL[] | null {
  const conditions: SQL[] = [];
  if (query.q) {
    const match = personMatch(query);
    if (!match) return null;
    conditions.push(match);
  }
  // Scalar subqueries with LIMIT 1, not EXISTS: PostgreSQL would turn an EXISTS here into a hashed
  // subplan that reads every enquiry for each request; these are one index probe per person on the
  // page instead (decision 0180, "Measured").
  const subscribed = sql`(select true from newsletter_subscriptions ns where ns.person_id = p.id limit 1)`;
  const withEnquiry = sql`(select true from enquiries e where e.person_id = p.id and ${sql.join(enquiryConditions(query), sql` and `)} limit 1)`;
  // A mentor's inbox has no newsletter: a learner is someone with an enquiry of theirs.
  if (query.kind === "newsletter" && !query.mentor) conditions.push(sql`coalesce(${subscribed}, false)`);
  else if (hasEnquiryFilter(query)) conditions.push(sql`coalesce(${withEnquiry}, false)`);
  // Unfiltered: everyone who reached out, except people whose only enquiries are held for review.
  else conditions.push(sql`coalesce(${withEnquiry}, ${subscribed}, false)`);
  return conditions;
}

/** People, latest activity first, one page at a time, with their enquiries. */
export async function listPeople(
  query: InboxFilters,
): Promise<{ people: PersonRow[]; total: number; totalIsCapped: boolean; page: number; pageCount: number }> {
  const conditions = personConditions(query);
  if (!conditions) return { people: [], total: 0, totalIsCapped: false, page: 1, pageCount: 1 };
  const db = getDb();
  const where = sql.join(conditions, sql` and `);
  // Counted up to a cap: past it, "1,000+" says as much as an exact figure, at a fraction of the cost.
  const counted = await db.execute<{ total: string }>(
    sql`select count(*) as total from (select 1 from people p where ${where} limit ${LIST_COUNT_CAP + 1}) x`,
  );
  const total = Math.min(Number(counted.rows[0]?.total ?? 0), LIST_COUNT_CAP + 1);
  const totalIsCapped = total > LIST_COUNT_CAP;
  const pages = pageCount(Math.min(total, LIST_COUNT_CAP), INBOX_PAGE_SIZE);
  const page = Math.min(query.page, pages);
  const found = await db.execute<{ id: string; name: string | null; email: string; last_activity_at: Date | string }>(sql`
    select p.id, p.name, p.email, p.last_activity_at from people p where ${where}
     order by p.last_activity_at desc nulls last, p.id desc
     limit ${INBOX_PAGE_SIZE} offset ${(page - 1) * INBOX_PAGE_SIZE}`);
  const enquiries = await loadEnquiries(
    found.rows.map((row) => row.id),
    query.mentor,
  );
  const byPerson = Map.groupBy(enquiries, (enquiry) => enquiry.personId);
  return {
    people: found.rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      lastActivityAt: iso(row.last_activity_at),
      enquiries: byPerson.get(row.id) ?? [],
    })),
    total: Math.min(total, LIST_COUNT_CAP),
    totalIsCapped,
    page,
    pageCount: pages,
  };
}

/** The enquiries of these people (those the mentor sees, when given), newest first (held ones included: the person page shows them as held). */
export async function loadEnquiries(personIds: string[], mentor?: string | null): Promise<EnquirySummary[]> {
  if (!personIds.length) return [];
  const result = await getDb().execute<EnquiryRecord>(sql`
    select ${enquiryColumns} from enquiries e ${enquiryJoins}
     where e.person_id = any(${sql.param(personIds)}::uuid[]) ${mentor ? sql`and ${mentorSees(mentor)}` : sql``}
     order by e.created_at desc, e.id`);
  return result.rows.map(toSummary);
}

/**
 * The board of one pipeline: a column per stage with its count and its newest cards (the most
 * recently moved first, so a card just moved is on top of its new column).
 */
export async function loadBoard(query: InboxFilters, perStage = BOARD_CARDS_PER_STAGE): Promise<BoardColumn[]> {
  const stages = stagesFor(query.pipeline);
  const kinds = isEnquiryKind(query.kind) ? [query.kind] : [...pipelineKinds[query.pipeline]];
  const conditions = enquiryConditions({ ...query, stage: undefined, kind: undefined });
  conditions.push(sql`e.kind = any(${sql.param(kinds)}::text[])`);
  if (query.q) {
    const match = personMatch(query);
    if (!match) return stages.map((stage) => ({ stage, count: 0, countIsCapped: false, cards: [] }));
    // The matching people first (an init plan), then their enquiries by index: a search matches few.
    conditions.push(sql`e.person_id = any(array(select p.id from people p where ${match}))`);
  }
  const where = sql.join(conditions, sql` and `);
  const db = getDb();
  const [counts, cards] = await Promise.all([
    // Each column counted up to the cap along enquiries_board_idx (a few thousand index entries at
    // most): counting every enquiry of a pipeline was a scan of the whole table (80 ms at 100,000).
    db.execute<{ stage: Stage; count: string }>(sql`
      select s.stage, (select count(*) from (select 1 from enquiries e where e.stage = s.stage and ${where} limit ${BOARD_COUNT_CAP + 1}) x) as count
        from unnest(${sql.param([...stages])}::text[]) as s(stage)`),
    db.execute<EnquiryRecord & { stage_key: Stage; person_name: string | null; person_email: string }>(sql`
      select s.stage as stage_key, card.* from unnest(${sql.param([...stages])}::text[]) as s(stage)
      cross join lateral (
        select ${enquiryColumns}, p.name as person_name, p.email as person_email
          from enquiries e join people p on p.id = e.person_id ${enquiryJoins}
         where e.stage = s.stage and ${where}
         order by e.stage_changed_at desc nulls last, e.id desc nulls last
         limit ${perStage}
      ) card`),
  ]);
  const countOf = new Map(counts.rows.map((row) => [row.stage, Number(row.count)]));
  return stages.map((stage) => ({
    stage,
    count: Math.min(countOf.get(stage) ?? 0, BOARD_COUNT_CAP),
    countIsCapped: (countOf.get(stage) ?? 0) > BOARD_COUNT_CAP,
    cards: cards.rows
      .filter((row) => row.stage_key === stage)
      .map((row) => ({ ...toSummary(row), personName: row.person_name, personEmail: row.person_email })),
  }));
}

/** Someone an enquiry can be given to; `mentorOnly`: a mentor who does not work the inbox, for mentoring enquiries only. */
export type Owner = { id: string; name: string; email: string; mentorOnly: boolean };

/** The people an enquiry can be given to: whoever works the inbox (INBOX_ROLES), and mentors for mentoring enquiries. */
export async function listOwners(): Promise<Owner[]> {
  const result = await getDb().execute<{ id: string; name: string; email: string; works_inbox: boolean }>(sql`
    select u.id, u.name, u.email, bool_or(r.role in ${INBOX_ROLES}) as works_inbox
      from users u join user_roles r on r.user_id = u.id
     where r.role in ${[...INBOX_ROLES, "mentor"]}
     group by u.id order by lower(u.name), u.email`);
  return result.rows.map((row) => ({ id: row.id, name: row.name, email: row.email, mentorOnly: !row.works_inbox }));
}
