/**
 * V8 heap settings the server process runs with (`npm start`, the Docker
 * image) and the command-line tools that do the server's work
 * (`npm run newsletter:send`). Why: docs/decisions/0054-v8-heap-settings.md.
 *
 * --max-semi-space-size=8: a young generation of 8 MB per semi-space instead
 *   of the 32 MB V8 picks on a machine with several GB of memory. Start-up
 *   makes a lot of short-lived garbage (Node re-parses drizzle-orm's 180 KB
 *   package.json exports map for each of its modules); with the big young
 *   generation the server reached 310-340 MB before serving anything, with
 *   this one about 150 MB.
 * --max-old-space-size=1024: a 1 GB heap limit instead of about 4 GB. Below
 *   2 GB V8 grows the old generation by a smaller factor before it collects
 *   it (about 1.6x the live heap instead of up to 4x), so a long newsletter
 *   send levels off near 190 MB instead of climbing to 300 MB. The live heap
 *   is 50-80 MB; a process that really needed more than 1 GB would stop with
 *   "JavaScript heap out of memory" (and be restarted) rather than grow.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8", "--max-old-space-size=1024"];
