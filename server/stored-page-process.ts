/**
 * A stored-page process: answers requests for stored pages on the app's own port, beside the app's
 * process, and passes every connection it cannot answer to it
 * (docs/decisions/0202-stored-pages-answered-by-a-second-process.md).
 *
 * Started by the app's process (server/stored-page-processes.ts) with an IPC channel. It listens
 * on the same address with SO_REUSEPORT, so the kernel shares new connections between the two. It
 * keeps a copy of the stored pages the app's page cache sends it, answers a connection's requests
 * for them exactly as the app's connection front does (server/stored-page-connections.ts, the same
 * code), and at the first request that is anything else sends the connection, with the bytes it
 * read, to the app's process, which parses them as if it had read them itself. Its answers' log
 * lines are its own (the same as the app's); their durations go to the app's /metrics when it
 * is read.
 *
 * It holds nothing a person sent: a connection it cannot answer is passed before anything of its
 * request is acted on. When the app's process goes, so does this one (its IPC channel closes).
 */
import net from "node:net";
import { logger } from "~/.server/logger.ts";
import { requestDurations } from "~/.server/request-durations.ts";
import { canRelease, releaseForAnotherProcess } from "~/framework-workarounds/http-connection-handoff.server.ts";
import type { StoredPage } from "./html-cache.ts";
import { holdConnections } from "./stored-page-connections.ts";
import { answered, createStoredPageFront } from "./stored-page-front.ts";
import type { FromStoredPageProcess, ToStoredPageProcess } from "./stored-page-processes.ts";

if (!process.send) throw new Error("A stored-page process is started by the app's process (server/stored-page-processes.ts).");

const pages = new Map<string, StoredPage>();

function send(message: FromStoredPageProcess, socket?: net.Socket) {
  if (process.connected) process.send!(message, socket);
}

let server: net.Server | undefined;
let holder: ReturnType<typeof holdConnections> | undefined;

function start({ host, port, fixedHeaders, timeouts }: Extract<ToStoredPageProcess, { type: "start" }>) {
  const front = createStoredPageFront({
    cache: {
      stored(path) {
        const page = pages.get(path);
        if (page && page.expiresAt <= Date.now()) {
          pages.delete(path);
          return undefined;
        }
        return page;
      },
    },
    fixedHeaders,
    answered,
  });
  holder = holdConnections(front, timeouts, passOn);
  server = net.createServer((socket) => {
    if (!canRelease(socket)) {
      // This Node cannot stop a socket it has read from: pass this one unread, and stop.
      send({ type: "connection", readAhead: Buffer.alloc(0) }, socket);
      stop("this Node cannot pass on a connection it has read from");
      return;
    }
    holder!.hold(socket);
  });
  server.on("error", (error) => {
    logger.error({ err: error }, "A stored-page process could not listen");
    process.exit(1);
  });
  server.listen({ host, port, reusePort: true }, () => send({ type: "listening" }));
}

/** Sends a connection this process will not answer to the app's process, with the bytes read from it. */
function passOn(socket: net.Socket, readAhead: Buffer) {
  const held = socket.readable ? releaseForAnotherProcess(socket) : null;
  if (held === null && socket.readable) {
    socket.destroy();
    return;
  }
  const bytes = held && held.length > 0 ? Buffer.concat([readAhead, held]) : readAhead;
  send({ type: "connection", readAhead: bytes }, socket);
}

let stopping = false;
/** Stops accepting, ends the connections it holds (idle between requests) and exits. */
function stop(reason: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ reason }, "A stored-page process is stopping");
  server?.close();
  holder?.closeIdle();
  send({ type: "counts", id: -1, counts: requestDurations.take() });
  // The connections it held end as their last answers are written; then the process exits.
  const exit = setInterval(() => {
    if (!holder || holder.open() === 0) process.exit(0);
  }, 20);
  setTimeout(() => process.exit(0), 5000).unref();
  exit.unref();
}

process.on("message", (message: ToStoredPageProcess) => {
  switch (message.type) {
    case "start":
      return start(message);
    case "store":
      return void pages.set(message.path, message.page);
    case "remove":
      return void pages.delete(message.path);
    case "count":
      return send({ type: "counts", id: message.id, counts: requestDurations.take() });
    case "stop":
      return stop("the app is stopping");
  }
});
// The app's process is gone (or closed the channel): so is this one's reason to run.
process.on("disconnect", () => process.exit(0));
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => stop(signal));
