import fs from "node:fs";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { FEED_POLICY } from "./feed-policy";
import type { NewsTaskName, NewsTaskRequest, NewsTaskResponse, NewsTasks } from "./news-tasks.server";

/**
 * Worker threads for the news refresh's CPU work (news-tasks.server.ts), so
 * parsing and cleaning a large feed never blocks the event loop that serves
 * pages (decision 0176). Each worker runs one task at a time; tasks wait in a
 * queue. A task that takes longer than its time limit has its worker
 * terminated, and a worker that dies (an exception, out of memory) takes only
 * its current task with it: in both cases that task fails with a
 * NewsWorkerError (so only that feed fails) and the next task starts a fresh
 * worker. Idle workers stop after a while, and never keep the process alive.
 */

export class NewsWorkerError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "NewsWorkerError";
  }
}

/** A task's own error, thrown in the worker (a feed that is not a feed, say), with its name kept. */
export class NewsTaskError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

export type NewsWorkerPoolOptions = {
  /** Worker threads at most (default: one per spare core, 1 or 2). */
  size?: number;
  /** Longest run of one task before its worker is terminated (default FEED_POLICY.workerTaskTimeoutMs). */
  taskTimeoutMs?: number;
  /** A worker idle this long is stopped. */
  idleMs?: number;
  /** Heap limit of each worker: a document that needs more fails alone. */
  maxHeapMb?: number;
};

export type NewsWorkerPool = {
  run<K extends NewsTaskName>(task: K, input: Parameters<NewsTasks[K]>[0]): Promise<ReturnType<NewsTasks[K]>>;
  /** Starts a worker now if none is running, so its start overlaps other work (a refresh's fetching). */
  warm(): void;
  /** Stops every worker; queued and running tasks fail. */
  close(): Promise<void>;
};

type Job = {
  request: NewsTaskRequest;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

type Slot = { worker: Worker; ready: boolean; job?: Job; timer?: NodeJS.Timeout; idleTimer?: NodeJS.Timeout; gone: boolean };

/** Longest start of a worker (loading its code; from source, compiling it) before it counts as failed. */
const STARTUP_TIMEOUT_MS = 60_000;

/**
 * Where the worker's code is. From source (the dev server, Vitest, tsx
 * scripts) this module is a .ts file and the worker runs news-worker.ts
 * through tsx. In the server build it is news-worker.js, emitted under that
 * name beside index.js (vite.config.ts, serverWorkerEntries); this module's
 * code lands in index.js or in a chunk one folder down (build/server/assets).
 */
function workerScript(): { filename: URL; execArgv?: string[] } {
  const here = import.meta.url;
  if (/\.tsx?$/.test(new URL(here).pathname)) return { filename: new URL("./news-worker.ts", here), execArgv: ["--import", "tsx"] };
  for (const candidate of ["./news-worker.js", "../news-worker.js"]) {
    const filename = new URL(candidate, here);
    if (fs.existsSync(filename)) return { filename };
  }
  throw new NewsWorkerError(`news-worker.js is missing beside the server build (${new URL(".", here).pathname}): build the app again`);
}

/** A worker thread running the news worker's script, its heap capped at `maxHeapMb`. */
function startWorker(maxHeapMb: number): Worker {
  const script = workerScript();
  return new Worker(script.filename, {
    execArgv: script.execArgv,
    resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    stdout: false,
    stderr: false,
  });
}

export function createNewsWorkerPool(options: NewsWorkerPoolOptions = {}): NewsWorkerPool {
  const size = options.size ?? Math.max(1, Math.min(2, os.availableParallelism() - 1));
  const taskTimeoutMs = options.taskTimeoutMs ?? FEED_POLICY.workerTaskTimeoutMs;
  const idleMs = options.idleMs ?? 30_000;
  const maxHeapMb = options.maxHeapMb ?? FEED_POLICY.workerHeapMb;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function retire(slot: Slot, reason: Error | null): void {
    if (slot.gone) return;
    slot.gone = true;
    slots.delete(slot);
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    const job = slot.job;
    slot.job = undefined;
    if (job) job.reject(reason ?? new NewsWorkerError("The news worker stopped"));
    void slot.worker.terminate().catch(() => undefined);
    // Waiting tasks get a fresh worker.
    dispatch();
  }

  function spawn(): Slot {
    const worker = startWorker(maxHeapMb);
    const slot: Slot = { worker, ready: false, gone: false };
    worker.on("message", (response: NewsTaskResponse) => {
      if ("ready" in response) {
        slot.ready = true;
        if (slot.job) startClock(slot, slot.job);
        return;
      }
      const job = slot.job;
      if (!job || job.request.id !== response.id) return;
      clearTimeout(slot.timer);
      slot.job = undefined;
      if (response.ok) job.resolve(response.value);
      else job.reject(new NewsTaskError(response.error.name, response.error.message));
      idle(slot);
      dispatch();
    });
    worker.on("error", (error) => retire(slot, new NewsWorkerError(`The news worker failed: ${error.message}`, { cause: error })));
    worker.on("exit", (code) => retire(slot, new NewsWorkerError(`The news worker exited (code ${code})`)));
    slots.add(slot);
    return slot;
  }

  /** No task: the worker does not keep the process alive, and stops after idleMs. */
  function idle(slot: Slot): void {
    slot.worker.unref();
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => retire(slot, null), idleMs);
    slot.idleTimer.unref();
  }

  /** A task's time limit counts from when the worker can run it: a worker still loading gets STARTUP_TIMEOUT_MS first. */
  function startClock(slot: Slot, job: Job): void {
    clearTimeout(slot.timer);
    const [limit, what] = slot.ready
      ? [taskTimeoutMs, `took longer than ${taskTimeoutMs} ms (${job.request.task})`]
      : [STARTUP_TIMEOUT_MS, `did not start within ${STARTUP_TIMEOUT_MS} ms`];
    slot.timer = setTimeout(() => retire(slot, new NewsWorkerError(`The news worker ${what}; stopped`)), limit);
  }

  function start(slot: Slot, job: Job): void {
    clearTimeout(slot.idleTimer);
    slot.job = job;
    slot.worker.ref();
    startClock(slot, job);
    slot.worker.postMessage(job.request);
  }

  function dispatch(): void {
    while (queue.length > 0 && !closed) {
      let slot = [...slots].find((candidate) => !candidate.job && !candidate.gone);
      if (!slot && slots.size < size) {
        try {
          slot = spawn();
        } catch (error) {
          // The worker cannot start at all (its file is missing): every waiting task fails.
          for (const job of queue.splice(0)) job.reject(error instanceof Error ? error : new NewsWorkerError(String(error)));
          return;
        }
      }
      if (!slot) return;
      start(slot, queue.shift()!);
    }
  }

  return {
    run(task, input) {
      if (closed) return Promise.reject(new NewsWorkerError("The news worker pool is closed"));
      return new Promise((resolve, reject) => {
        queue.push({ request: { id: nextId++, task, input }, resolve: resolve as (value: unknown) => void, reject });
        // Posting copies the input (4 MB of feed takes milliseconds): in a later turn of the event
        // loop (timers and I/O first), not at the end of whatever produced it (reading and decoding a body).
        setTimeout(dispatch, 0);
      });
    },
    warm() {
      if (closed || slots.size > 0) return;
      try {
        idle(spawn());
      } catch {
        // The same error reaches the first task, which fails its feed with it.
      }
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new NewsWorkerError("The news worker pool is closed"));
      const stopping = [...slots].map((slot) => slot.worker.terminate().catch(() => undefined));
      for (const slot of [...slots]) retire(slot, new NewsWorkerError("The news worker pool is closed"));
      await Promise.all(stopping);
    },
  };
}

let shared: NewsWorkerPool | undefined;

/** The process's news worker pool, started on first use. */
export function newsWorkerPool(): NewsWorkerPool {
  return (shared ??= createNewsWorkerPool());
}
