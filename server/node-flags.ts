/**
 * V8 flags the server process runs with (`npm start`, the Docker image, the
 * browser tests) and the command-line tools that do the server's work
 * (`npm run newsletter:send`). See docs/decisions/0054-node-young-generation-size.md.
 *
 * --max-semi-space-size=8: caps V8's young generation at 8 MB per semi-space
 * (16 MB in all) instead of the 32 MB (64 MB) V8 picks on a machine with a few
 * GB of memory. Start-up (parsing the modules; Node re-reads drizzle-orm's
 * 180 KB package.json exports map for every one of its files) and bulk sending
 * make short-lived garbage fast; with the big young generation V8 let the heap,
 * and the process's resident memory, grow to 300-380 MB before collecting it.
 * With 8 MB the server peaks near 150 MB at start and stays there while it
 * sends a newsletter, at the same speed.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8"];
