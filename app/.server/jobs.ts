import { PgBoss, type Job, type Queue, type SendOptions } from "pg-boss";
import { connectionLimits, isDatabaseUnavailable, runAsJob, type DatabaseLimits } from "./db/client";
import { logger } from "./logger";
import { jobRuns } from "./metrics";

/**
 * Background jobs on pg-boss (same PostgreSQL as the app). A feature declares
 * its job once with `defineJob`; the runtime registers every declared job's
 * queue, worker and optional cron schedule at boot. pg-boss stores schedules
 * and jobs in the database, so with several instances a scheduled run happens
 * once, on whichever instance picks it up.
 */

export type JobDefinition<TData extends object = object> = {
  /** Queue name, kebab-case: `news-refresh`. */
  name: string;
  handler: (data: TData, job: Job<TData>) => Promise<unknown>;
  /** Cron expression, evaluated in UTC: `"0 8 * * *"`. */
  schedule?: string;
  /** Data sent with each scheduled run. */
  scheduleData?: TData;
  queue?: Omit<Queue, "name">;
  /** Jobs this instance works on at once. */
  concurrency?: number;
  pollingIntervalSeconds?: number;
  /**
   * Besides the queue: every working instance also runs the handler itself
   * (with empty data) every this many seconds, read at start, one run at a time.
   * For cheap watchdog checks whose work is coordinated in the database, at a
   * finer grain than cron's minute (e.g. resuming a newsletter issue whose sender died).
   */
  localEverySeconds?: () => number;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of jobs with different data types
type AnyJobDefinition = JobDefinition<any>;

export function defineJob<TData extends object>(definition: JobDefinition<TData>): JobDefinition<TData> {
  return definition;
}

export type Jobs = {
  boss: PgBoss;
  send<TData extends object>(job: JobDefinition<TData>, data: TData, options?: SendOptions): Promise<string | null>;
  stop(): Promise<void>;
};

let current: Jobs | undefined;

export function getJobs(): Jobs {
  if (!current) throw new Error("The job queue is not started yet (startRuntime() has not run).");
  return current;
}

export function setJobs(jobs: Jobs | undefined): void {
  current = jobs;
}

export type StartJobsOptions = {
  url: string;
  definitions: AnyJobDefinition[];
  /** Run workers and schedules on this instance (false: only send jobs). */
  work?: boolean;
  /**
   * File the cron schedules' runs from this instance (JOB_SCHEDULES). Off in tests: jobs still run
   * when sent, but no run appears because the clock passed :00, :30 or 08:00 mid-test.
   */
  schedules?: boolean;
  /** Time limits for pg-boss's own connections (docs/decisions/0170-database-faults-and-time-limits.md). */
  limits?: DatabaseLimits;
};

export async function startJobs({ url, definitions, work = true, schedules = true, limits }: StartJobsOptions): Promise<Jobs> {
  // pg-boss sets no statement_timeout of its own (it bounds its transactions itself); the client-side
  // query timeout, the connection timeout and keepalive bound every wait on its pool all the same.
  const { statement_timeout: _statementTimeout, ...bossLimits } = limits ? connectionLimits(limits) : {};
  const boss = new PgBoss({
    connectionString: url,
    application_name: "nordlys-site-jobs",
    max: 4,
    ...bossLimits,
    schedule: work && schedules,
    supervise: work,
  });
  // While stopping, a poll cut short by the database going away is expected: not an error.
  let stopping = false;
  boss.on("error", (error) => {
    if (stopping) logger.debug({ err: error }, "Job queue error while stopping");
    // The database away for a moment (a restart, a failover): pg-boss polls again by itself.
    else if (isDatabaseUnavailable(error)) logger.warn({ err: error }, "Job queue: database unavailable; polling again");
    else logger.error({ err: error }, "Job queue error");
  });
  await boss.start();

  for (const definition of definitions) {
    await boss.createQueue(definition.name, definition.queue);
    if (!work) continue;
    await boss.work<object>(
      definition.name,
      {
        localConcurrency: definition.concurrency ?? 1,
        pollingIntervalSeconds: definition.pollingIntervalSeconds ?? 2,
      },
      async (batch) => {
        for (const job of batch) {
          const started = Date.now();
          try {
            await runAsJob(() => definition.handler(job.data, job));
            jobRuns.inc({ job: definition.name, outcome: "done" });
            logger.info({ job: definition.name, id: job.id, ms: Date.now() - started }, "Job done");
          } catch (error) {
            jobRuns.inc({ job: definition.name, outcome: "failed" });
            logger.error({ job: definition.name, id: job.id, err: error }, "Job failed");
            throw error;
          }
        }
      },
    );
    if (definition.schedule && schedules) {
      await boss.schedule(definition.name, definition.schedule, definition.scheduleData ?? {}, { tz: "UTC" });
    }
  }

  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  if (work) {
    for (const definition of definitions) {
      if (!definition.localEverySeconds) continue;
      const intervalMs = definition.localEverySeconds() * 1000;
      const tick = async () => {
        try {
          await runAsJob(() => definition.handler({}, undefined as never));
        } catch (error) {
          jobRuns.inc({ job: definition.name, outcome: "failed" });
          logger.error({ job: definition.name, err: error }, "Local job run failed");
        }
        if (!stopped) schedule();
      };
      const schedule = () => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          void tick();
        }, intervalMs);
        timer.unref();
        timers.add(timer);
      };
      schedule();
    }
  }

  return {
    boss,
    send: (job, data, options) => boss.send(job.name, data, options ?? {}),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
