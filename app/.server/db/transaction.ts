import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import { fromDrizzle, type Db as JobsDb } from "pg-boss";
import { AppError } from "../errors";
import { getDb, type Database } from "./client";

type DrizzleTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type Transaction = {
  /** Drizzle on the transaction. */
  db: DrizzleTransaction;
  /** The same transaction for pg-boss: `getJobs().send(job, data, { db: jobsDb })`, `queueMail(m, { db: jobsDb })`. */
  jobsDb: JobsDb;
};

/** A write that belongs to the change running now (an audit entry), waiting for the change's transaction. */
type PendingWrite = { write: (tx: Transaction | null) => Promise<void>; done: boolean };
const pendingWrite = new AsyncLocalStorage<PendingWrite>();

/**
 * Runs `work` in one transaction that covers both the app's tables and the
 * job queue: rows and the jobs that follow from them commit together or not
 * at all (a transactional outbox). Inside `withWriteInChange`, the first
 * transaction also carries that change's pending write.
 */
export async function withTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  const pending = pendingWrite.getStore();
  // Claimed before the work starts, so that two transactions of one change at once carry it once.
  const carries = pending !== undefined && !pending.done;
  if (carries) pending.done = true;
  try {
    return await getDb().transaction(async (db) => {
      const tx = { db, jobsDb: fromDrizzle(db, sql) };
      const value = await work(tx);
      if (carries) await pending.write(tx);
      return value;
    });
  } catch (error) {
    // Rolled back with it: the change's next transaction (or the end of the change) writes it.
    if (carries) pending.done = false;
    throw error;
  }
}

/**
 * Runs one `update … returning` or `delete … returning` in a transaction and answers its row; a
 * write that touched no row is `not_found` with `message` (and rolls back whatever rode along).
 */
export async function changeOneRow<T>(write: (tx: Transaction) => Promise<T[]>, message: string): Promise<T> {
  return withTransaction(async (tx) => {
    const [row] = await write(tx);
    if (!row) throw new AppError("not_found", message);
    return row;
  });
}

/**
 * Runs `change`, and `write` with it: in the first transaction the change commits (so both
 * commit or neither does), or on its own after the change when it used no transaction. Nothing is
 * written when the change fails. The audit log's entries are written this way (docs/admin.md,
 * "Audit log").
 */
export async function withWriteInChange<T>(write: (tx: Transaction | null) => Promise<void>, change: () => Promise<T>): Promise<T> {
  const pending: PendingWrite = { write, done: false };
  const result = await pendingWrite.run(pending, change);
  if (!pending.done) await write(null);
  return result;
}
