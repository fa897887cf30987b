import { and, eq, inArray, sql } from "drizzle-orm";
import { INBOX_ROLES } from "~/.server/permissions";
import { AppError } from "~/.server/errors";
import { enquiries, inboxEvents, people, users, userRoles } from "~/.server/db/tables";
import { withTransaction, type Transaction } from "~/.server/db/transaction";
import { recordAdminAudit } from "~/features/admin/record-admin-audit.server";
import { mentorSees } from "./mentor-scope.server";
import { formatValue, isStageOf, pipelineOf, stageLabels, type Kind, type Stage } from "./stages";

/**
 * What admins change in the pipeline (docs/inbox.md, "Stages"): an enquiry's stage, value and
 * owner, and notes on a person. Each change and its `inbox_events` row (who and when) commit in
 * one transaction; the database's trigger adds the webhook event of a stage change to the same
 * transaction (decision 0180).
 */

/** A change refused because of one field: the page shows the message by it, the API names it in `fields`. */
function refused(field: string, message: string): AppError {
  return new AppError("invalid", message, { fields: { [field]: message } });
}

/**
 * Who made a change, as the timeline shows it (the name stays when the account goes), and for the
 * audit log their address and client. `mentor`: the actor sees only their own learners
 * (mentor-scope.server.ts), and anything else is not found.
 */
export type Actor = { id: string; name: string; email?: string; clientIp?: string; mentor?: string | null };

const NO_ENQUIRY = "No enquiry with this id for this person.";

/** The enquiry, locked for the change; 404 when it does not exist, belongs to someone else or is not the mentor's. */
async function lockEnquiry(tx: Transaction, enquiryId: string, personId: string | undefined, actor: Actor) {
  const [row] = await tx.db
    .select()
    .from(enquiries)
    .where(
      and(
        eq(enquiries.id, enquiryId),
        personId ? eq(enquiries.personId, personId) : undefined,
        actor.mentor ? mentorSees(actor.mentor, "enquiries") : undefined,
      ),
    )
    .for("update");
  if (!row) throw new AppError("not_found", NO_ENQUIRY);
  return row;
}

export type StageInput = {
  enquiryId: string;
  /** When given, the enquiry must be this person's (the person page and the API). */
  personId?: string;
  stage: Stage;
  value: { valueMinor: number; currency: string } | null;
  actor: Actor;
};

/** Moves an enquiry to a stage of its pipeline; Won needs a value (given now or kept from before). */
export async function setStage(input: StageInput): Promise<{ changed: boolean; personId: string; from: Stage; to: Stage }> {
  return withTransaction(async (tx) => {
    const row = await lockEnquiry(tx, input.enquiryId, input.personId, input.actor);
    if (!isStageOf(row.kind as Kind, input.stage)) {
      throw refused("stage", `A ${row.kind} enquiry has no stage "${input.stage}".`);
    }
    const value = input.value ?? (row.valueMinor !== null && row.currency ? { valueMinor: row.valueMinor, currency: row.currency } : null);
    if (input.stage === "won" && !value) throw refused("value", "Won needs the deal's value and currency");
    const stageChanged = row.stage !== input.stage;
    const valueChanged = Boolean(input.value) && (input.value!.valueMinor !== row.valueMinor || input.value!.currency !== row.currency);
    if (!stageChanged && !valueChanged) return { changed: false, personId: row.personId, from: row.stage as Stage, to: input.stage };
    await tx.db
      .update(enquiries)
      .set({
        ...(stageChanged ? { stage: input.stage, stageChangedAt: new Date() } : {}),
        ...(valueChanged ? { valueMinor: input.value!.valueMinor, currency: input.value!.currency } : {}),
      })
      .where(eq(enquiries.id, row.id));
    if (stageChanged) {
      const from = stageLabels[row.stage as Stage];
      const to = stageLabels[input.stage];
      const worth = input.stage === "won" && value ? ` (${formatValue(value.valueMinor, value.currency)})` : "";
      await recordEvent(tx, {
        personId: row.personId,
        enquiryId: row.id,
        kind: "stage",
        actor: input.actor,
        body: `${from} → ${to}${worth}`,
        data: {
          from: row.stage,
          to: input.stage,
          ...(value && input.stage === "won" ? { valueMinor: value.valueMinor, currency: value.currency } : {}),
        },
      });
    } else {
      await recordValueEvent(tx, row, input.value!, input.actor);
    }
    return { changed: true, personId: row.personId, from: row.stage as Stage, to: input.stage };
  });
}

/** Sets the deal's value and currency of an enquiry. */
export async function setValue(input: Omit<StageInput, "stage" | "value"> & { value: { valueMinor: number; currency: string } }) {
  return withTransaction(async (tx) => {
    const row = await lockEnquiry(tx, input.enquiryId, input.personId, input.actor);
    if (row.valueMinor === input.value.valueMinor && row.currency === input.value.currency)
      return { changed: false, personId: row.personId };
    await tx.db
      .update(enquiries)
      .set({ valueMinor: input.value.valueMinor, currency: input.value.currency })
      .where(eq(enquiries.id, row.id));
    await recordValueEvent(tx, row, input.value, input.actor);
    return { changed: true, personId: row.personId };
  });
}

async function recordValueEvent(
  tx: Transaction,
  row: typeof enquiries.$inferSelect,
  value: { valueMinor: number; currency: string },
  actor: Actor,
) {
  const before = row.valueMinor !== null && row.currency ? formatValue(row.valueMinor, row.currency) : "no value";
  await recordEvent(tx, {
    personId: row.personId,
    enquiryId: row.id,
    kind: "value",
    actor,
    body: `Value: ${before} → ${formatValue(value.valueMinor, value.currency)}`,
    data: { valueMinor: value.valueMinor, currency: value.currency, previousMinor: row.valueMinor, previousCurrency: row.currency },
  });
}

/** Gives an enquiry to an admin (or to nobody: `ownerId` null). */
export async function setOwner(input: { enquiryId: string; personId?: string; ownerId: string | null; actor: Actor }) {
  return withTransaction(async (tx) => {
    if (input.actor.mentor) throw new AppError("forbidden", "Only the owner or Sales give enquiries to someone.");
    const row = await lockEnquiry(tx, input.enquiryId, input.personId, input.actor);
    let ownerName = "nobody";
    if (input.ownerId) {
      // Whoever works the inbox; for a mentoring request or booking, a mentor too.
      const mentoring = pipelineOf(row.kind as Kind) === "mentoring";
      const roles = mentoring ? [...INBOX_ROLES, "mentor" as const] : INBOX_ROLES;
      const [owner] = await tx.db
        .selectDistinct({ name: users.name, email: users.email })
        .from(users)
        .innerJoin(userRoles, and(eq(userRoles.userId, users.id), inArray(userRoles.role, roles)))
        .where(eq(users.id, input.ownerId));
      if (!owner)
        throw refused("ownerId", `Choose someone who works the inbox (an owner or Sales)${mentoring ? " or a mentor" : ""} as the owner`);
      ownerName = owner.name || owner.email;
    }
    if (row.ownerId === input.ownerId) return { changed: false, personId: row.personId };
    await tx.db.update(enquiries).set({ ownerId: input.ownerId }).where(eq(enquiries.id, row.id));
    await recordEvent(tx, {
      personId: row.personId,
      enquiryId: row.id,
      kind: "owner",
      actor: input.actor,
      body: `Owner: ${ownerName}`,
      data: { from: row.ownerId, to: input.ownerId },
    });
    return { changed: true, personId: row.personId };
  });
}

/** A note on a person's timeline (optionally about one of their enquiries). */
export async function addNote(input: { personId: string; text: string; enquiryId?: string; actor: Actor }): Promise<{ id: number }> {
  return withTransaction(async (tx) => {
    // A mentor writes notes on their own learners only.
    const theirs = input.actor.mentor
      ? sql`exists (select 1 from enquiries where enquiries.person_id = ${people.id} and ${mentorSees(input.actor.mentor, "enquiries")})`
      : undefined;
    const [person] = await tx.db
      .select({ id: people.id })
      .from(people)
      .where(and(eq(people.id, input.personId), theirs));
    if (!person) throw new AppError("not_found", "No person with this id.");
    if (input.enquiryId) await lockEnquiry(tx, input.enquiryId, input.personId, input.actor);
    const id = await recordEvent(tx, {
      personId: input.personId,
      enquiryId: input.enquiryId ?? null,
      kind: "note",
      actor: input.actor,
      body: input.text,
      data: null,
    });
    return { id };
  });
}

type EventInput = Pick<typeof inboxEvents.$inferInsert, "personId" | "enquiryId" | "kind" | "body" | "data"> & { actor: Actor };

async function recordEvent(tx: Transaction, { actor, ...event }: EventInput): Promise<number> {
  const [row] = await tx.db
    .insert(inboxEvents)
    .values({ ...event, actorId: actor.id, actorName: actor.name })
    .returning({ id: inboxEvents.id });
  // The audit log has each change too, in the same transaction; a note's text stays on the timeline only.
  await recordAdminAudit(
    {
      user: { id: actor.id, email: actor.email ?? actor.name },
      action: `inbox-${event.kind}`,
      target: `person ${event.personId}`,
      summary: event.kind === "note" ? "note added" : event.body,
      clientIp: actor.clientIp,
    },
    tx,
  );
  return row!.id;
}
