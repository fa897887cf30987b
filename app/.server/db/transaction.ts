import { sql } from "drizzle-orm";
import { fromDrizzle, type Db as JobsDb } from "pg-boss";
import { getDb, type Database } from "./client";

type DrizzleTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type Transaction = {
  /** Drizzle on the transaction. */
  db: DrizzleTransaction;
  /** The same transaction for pg-boss: `getJobs().send(job, data, { db: jobsDb })`, `queueMail(m, { db: jobsDb })`. */
  jobsDb: JobsDb;
};

/**
 * Runs `work` in one transaction that covers both the app's tables and the
 * job queue: rows and the jobs that follow from them commit together or not
 * at all (a transactional outbox).
 */
export function withTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  return getDb().transaction((tx) => work({ db: tx, jobsDb: fromDrizzle(tx, sql) }));
}
