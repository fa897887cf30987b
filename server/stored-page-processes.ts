import { fork, type ChildProcess } from "node:child_process";
import { createServer, type Socket } from "node:net";
import { logger } from "~/.server/logger.ts";
import { requestDurations, type TallyCounts } from "~/.server/request-durations.ts";
import type { HtmlCache, PageChange, StoredPage } from "./html-cache.ts";
import type { ConnectionFront, ConnectionTimeouts } from "./stored-page-connections.ts";

/**
 * The app's side of the stored-page processes (server/stored-page-process.ts,
 * docs/decisions/0202-stored-pages-answered-by-a-second-process.md): starts them on the app's
 * port, keeps each one's copy of the stored pages current, takes the connections they pass on,
 * adds their answers to /metrics when it is read, starts one again when it dies, and stops them
 * at shutdown.
 */

/** What the app's process tells a stored-page process. */
export type ToStoredPageProcess =
  | {
      type: "start";
      host: string;
      port: number;
      /** The headers every answer carries (the security headers), `[name, value, …]`. */
      fixedHeaders: string[];
      timeouts: Required<ConnectionTimeouts>;
    }
  | { type: "store"; path: string; page: StoredPage }
  | { type: "remove"; path: string }
  | { type: "count"; id: number }
  | { type: "stop" };

/** What a stored-page process tells the app's process (a connection comes with its socket). */
export type FromStoredPageProcess =
  { type: "listening" } | { type: "connection"; readAhead: Buffer } | { type: "counts"; id: number; counts: TallyCounts[] };

export type StoredPageProcessesOptions = {
  /** How many to run (STORED_PAGE_PROCESSES). */
  count: number;
  /** The process's entry file and the Node flags it runs with. */
  entry: URL;
  execArgv: string[];
  host: string;
  port: number;
  cache: HtmlCache;
  fixedHeaders: string[];
  timeouts: Required<ConnectionTimeouts>;
  /** The app's connection front, which gives Node's server the connections they pass on. */
  front: ConnectionFront;
};

export type StoredPageProcesses = {
  /** Resolves once each has started listening (or died trying). */
  ready: Promise<void>;
  /**
   * Stops them (each stops accepting, ends the connections it holds, and exits) and waits, up to
   * `timeoutMs`, for the connections they passed on to close.
   */
  stop(timeoutMs: number): Promise<void>;
};

/** How long a count of a stored-page process's answers is waited for when /metrics is read. */
const COUNT_TIMEOUT_MS = 1000;
/** Restarts of a process that died: the first after a second, then twice as long each time, up to a minute. */
const FIRST_RESTART_MS = 1000;
const LAST_RESTART_MS = 60_000;
/** A process that ran this long counts as healthy again: its next restart waits the first delay. */
const HEALTHY_AFTER_MS = 60_000;

export function startStoredPageProcesses(options: StoredPageProcessesOptions): StoredPageProcesses {
  let stopping = false;
  /** Connections the processes passed on, until they close (the app's shutdown waits for them). */
  const passedOn = new Set<Socket>();
  const slots = Array.from({ length: options.count }, (_, index) => slot(index));
  const stopCounting = requestDurations.countElsewhere(() => Promise.all(slots.map((each) => each.count())).then(() => undefined));

  function slot(index: number) {
    let child: ChildProcess | undefined;
    let restartIn = FIRST_RESTART_MS;
    let startedAt = 0;
    let nextCount = 0;
    const counting = new Map<number, () => void>();
    let announceReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (announceReady = resolve));

    function start() {
      startedAt = Date.now();
      const helper = fork(options.entry, [], {
        serialization: "advanced",
        execArgv: options.execArgv,
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      child = helper;
      const send = (message: ToStoredPageProcess) => {
        if (helper.connected) helper.send(message);
      };
      send({ type: "start", host: options.host, port: options.port, fixedHeaders: options.fixedHeaders, timeouts: options.timeouts });
      // Every page stored now, then every change as it happens, in order.
      const unwatch = options.cache.watch((change: PageChange) =>
        send(
          "stored" in change ? { type: "store", path: change.stored, page: copyOf(change.page) } : { type: "remove", path: change.removed },
        ),
      );

      helper.on("message", (message: FromStoredPageProcess, socket?: Socket) => {
        if (message.type === "listening") {
          announceReady();
        } else if (message.type === "connection") {
          if (!socket) return; // closed by the client while it was passed
          // Taken even while the app stops: its request is someone's, and Node's server answers it (with Connection: close).
          passedOn.add(socket);
          socket.once("close", () => passedOn.delete(socket));
          options.front.adopt(socket, Buffer.from(message.readAhead));
        } else if (message.type === "counts") {
          requestDurations.add(message.counts);
          counting.get(message.id)?.();
        }
      });
      helper.on("error", (error) => logger.error({ err: error }, "A stored-page process failed"));
      helper.once("exit", (code, signal) => {
        unwatch();
        child = undefined;
        for (const done of counting.values()) done();
        counting.clear();
        announceReady();
        if (stopping) return;
        if (Date.now() - startedAt > HEALTHY_AFTER_MS) restartIn = FIRST_RESTART_MS;
        logger.warn(
          { process: index + 1, code, signal, restartInMs: restartIn },
          "A stored-page process exited; the app answers its share until it is back",
        );
        setTimeout(() => {
          if (!stopping) start();
        }, restartIn).unref();
        restartIn = Math.min(restartIn * 2, LAST_RESTART_MS);
      });
    }

    start();
    return {
      ready,
      /** Asks the process for what it counted; resolves when the counts are in (or it does not answer in time). */
      count(): Promise<void> {
        const helper = child;
        if (!helper?.connected) return Promise.resolve();
        const id = nextCount++;
        return new Promise<void>((resolve) => {
          const timer = setTimeout(done, COUNT_TIMEOUT_MS);
          function done() {
            clearTimeout(timer);
            counting.delete(id);
            resolve();
          }
          counting.set(id, done);
          helper.send({ type: "count", id } satisfies ToStoredPageProcess);
        });
      },
      stop(): Promise<void> {
        const helper = child;
        if (!helper) return Promise.resolve();
        return new Promise<void>((resolve) => {
          helper.once("exit", () => resolve());
          if (helper.connected) helper.send({ type: "stop" } satisfies ToStoredPageProcess);
          else helper.kill("SIGTERM");
        });
      },
      /** Ends the process at once (one that did not stop in time). */
      kill() {
        child?.kill("SIGKILL");
      },
    };
  }

  return {
    ready: Promise.all(slots.map((each) => each.ready)).then(() => undefined),
    async stop(timeoutMs) {
      stopping = true;
      stopCounting();
      const deadline = Date.now() + timeoutMs;
      await Promise.race([Promise.all(slots.map((each) => each.stop())), delay(timeoutMs)]);
      for (const each of slots) each.kill();
      // The connections they passed on are the app's: their requests finish like any other's.
      while (passedOn.size > 0 && Date.now() < deadline) await delay(20);
      for (const socket of passedOn) socket.destroy();
    },
  };
}

/** What a stored-page process needs of a page (not the heads and Cache-Control the app's front made of it). */
function copyOf(page: StoredPage): StoredPage {
  const { kind, identity, br, gzip, etags, contentType, contentSecurityPolicy, lastModified, expiresAt } = page;
  return { kind, identity, br, gzip, etags, contentType, contentSecurityPolicy, lastModified, expiresAt };
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Takes `port` on `host` for a moment without SO_REUSEPORT, and gives it back: fails with
 * EADDRINUSE where another server holds it, as a plain `listen` would. Returns the port (the one
 * the system chose, for 0), for the app and its stored-page processes to listen on with
 * SO_REUSEPORT.
 */
export async function claimPort(port: number, host: string): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen({ port, host }, resolve);
  });
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === "object" && address ? address.port : port;
}
