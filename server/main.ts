/**
 * The process entry: `node server/main.ts` (Node strips the types itself).
 *
 * It loads the app module (the Vite server build in production, the source
 * through Vite in development), starts the runtime (configuration, database,
 * migrations, jobs), listens, and shuts everything down in order on SIGINT or
 * SIGTERM: stop accepting, drain requests, stop jobs, close the pool, stop the
 * embedded PostgreSQL.
 */
import { createServer, type Server } from "node:http";
import type { RequestHandler } from "express";
import type * as AppModuleNamespace from "./app.ts";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

type AppModule = typeof AppModuleNamespace;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const mode = process.env.NODE_ENV === "production" ? "production" : "development";
const DRAIN_TIMEOUT_MS = 10_000;

async function loadApp(): Promise<{ module: AppModule; close?: () => Promise<void>; viteMiddleware?: RequestHandler }> {
  if (mode === "production") {
    const buildFile = path.join(root, "build/server/index.js");
    const module = (await import(pathToFileURL(buildFile).href)) as AppModule;
    return { module };
  }
  const vite = await import("vite");
  // Vite exits the process on SIGTERM (and when stdin ends) by itself; our
  // shutdown closes it in order instead.
  const sigterm = new Set(process.listeners("SIGTERM"));
  const stdinEnd = new Set(process.stdin.listeners("end"));
  const server = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  for (const listener of process.listeners("SIGTERM")) {
    if (!sigterm.has(listener)) process.removeListener("SIGTERM", listener);
  }
  for (const listener of process.stdin.listeners("end")) {
    if (!stdinEnd.has(listener)) process.stdin.removeListener("end", listener as () => void);
  }
  const module = (await server.ssrLoadModule("./server/app.ts")) as AppModule;
  return { module, close: () => server.close(), viteMiddleware: server.middlewares };
}

function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`\nThe server could not start:\n${message}\n\n`);
  process.exit(1);
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** Listens on PORT and HOST the same way on every platform; rejects with the listen error (a port in use, say). */
function listen(server: Server, { PORT, HOST }: { PORT: number; HOST: string }): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once("listening", () => resolve(server));
    server.once("error", reject);
    server.listen(PORT, HOST);
  });
}

async function main() {
  // A stop asked for during start-up waits until the database is up, then
  // stops it in order: killing the process mid-start would orphan PostgreSQL.
  // One listener per signal for the whole life of the process, which hands the signal to what
  // stopping means at the moment: swapping listeners instead would drop a signal that arrived
  // just before the swap (Node stops watching a signal when its last listener goes).
  let stopRequested: string | undefined;
  let onSignal = (signal: string) => {
    stopRequested ??= signal;
  };
  for (const signal of SIGNALS) process.on(signal, (received) => onSignal(received));

  let loaded: Awaited<ReturnType<typeof loadApp>>;
  try {
    loaded = await loadApp();
  } catch (error) {
    fail(error);
  }
  const { module } = loaded;
  const { logger } = module;

  // The embedded PostgreSQL died and its supervisor gave up: stop in order and exit non-zero, so
  // the process manager starts the whole app again (docs/deploy.md).
  let onDatabaseLost = (_error: Error) => {
    stopRequested ??= "database-lost";
  };
  let runtime: Awaited<ReturnType<AppModule["startRuntime"]>>;
  try {
    runtime = await module.startRuntime((error) => onDatabaseLost(error));
  } catch (error) {
    logger.fatal({ err: error }, "Startup failed");
    await loaded.close?.();
    fail(error);
  }
  const { env } = runtime;
  if (stopRequested) {
    logger.info({ signal: stopRequested }, "Stop requested during start-up: stopping");
    await runtime.stop();
    await loaded.close?.();
    process.exit(stopRequested === "database-lost" ? 1 : 0);
  }

  const app = module.createApp({ mode, viteMiddleware: loaded.viteMiddleware });
  const server = await listen(createServer(app).on("clientError", module.answerClientError), env).catch(
    async (error: NodeJS.ErrnoException) => {
      await runtime.stop();
      fail(error.code === "EADDRINUSE" ? `Port ${env.PORT} on ${env.HOST} is already in use. Stop the other server or set PORT.` : error);
    },
  );
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`;
  logger.info({ url, mode }, "Server listening");
  // Command-line tools put the same address into links (app/.server/server-address.ts).
  const publicUrl = env.PORT === 0 && !process.env.PUBLIC_URL?.trim() ? `http://localhost:${port}` : env.PUBLIC_URL;
  await module.recordServerAddress(path.resolve(env.DATA_DIR), publicUrl).catch((error: unknown) => {
    logger.warn({ err: error }, "Could not record the server's address for command-line tools");
  });
  const forPerson = module.logFormat() === "text";
  if (forPerson) {
    const facts = await module.gatherStartupFacts(env, url, mode, runtime.embedded?.info.clusterDir);
    process.stdout.write(module.describeStartup(facts));
  }

  let shuttingDown = false;
  async function shutdown(signal: string, code = 0) {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "Shutting down");
    // A process manager may signal PostgreSQL too (systemd's whole control group): its exit
    // from now on is part of the stop, not a crash to restart.
    runtime.embedded?.expectStop();
    if (forPerson) process.stdout.write("\n  Stopping (finishing open requests and jobs)...\n");
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const timer = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
    await drained;
    clearTimeout(timer);
    await runtime.stop();
    await loaded.close?.();
    logger.info("Stopped");
    if (forPerson) process.stdout.write("  Stopped.\n");
    process.exit(code);
  }

  onDatabaseLost = (error) => {
    logger.fatal({ err: error }, "The embedded PostgreSQL cannot be started again: exiting so the process manager restarts the app");
    void shutdown("database-lost", 1);
  };
  onSignal = (signal) => void shutdown(signal);
  if (stopRequested) void shutdown(stopRequested);
  process.on("uncaughtException", (error) => {
    logger.fatal({ err: error }, "Uncaught exception");
    void shutdown("uncaughtException", 1);
  });
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "Unhandled promise rejection");
  });
}

void main();
