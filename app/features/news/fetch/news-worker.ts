import { parentPort } from "node:worker_threads";
import { newsTasks, type NewsTaskRequest, type NewsTaskResponse } from "./news-tasks.server";

/**
 * The news worker thread's entry (node:worker_threads): runs one task of
 * news-tasks.server.ts per message and answers with its result or its error.
 * Started by news-worker-pool.server.ts: from this file through tsx when the
 * app runs from source (development, tests, scripts), from
 * build/server/news-worker.js (an entry of the server build, vite.config.ts)
 * in production.
 */
const port = parentPort;
if (!port) throw new Error("news-worker.ts runs as a worker thread (news-worker-pool.server.ts starts it)");

port.on("message", (request: NewsTaskRequest) => {
  let response: NewsTaskResponse;
  try {
    const run = newsTasks[request.task] as (input: unknown) => unknown;
    response = { id: request.id, ok: true, value: run(request.input) };
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    response = { id: request.id, ok: false, error: { name, message } };
  }
  port.postMessage(response);
});
// Loaded (through tsx, compiling, from source): the pool starts a task's clock from here.
port.postMessage({ ready: true });
