/**
 * `npm run newsletter:send`: sends today's newsletter issue now, from the
 * command line (what "Send Newsletter Now" and the 08:00 UTC job do), and
 * prints the result as JSON. Safe to run while the server runs, and twice:
 * nobody gets a second copy (a sender killed mid-send: at most one extra
 * message per send in flight, docs/newsletter.md "Who can get a second copy").
 *
 *   --stats   also print run time and peak memory (used by `npm run bench:newsletter`)
 */
import { withCliApp } from "../app/.server/db/cli-database.ts";
import { adoptServerAddress } from "../app/.server/server-address.ts";
import { closeMailer } from "../app/.server/mail/index.ts";
import { sendDailyIssue } from "../app/features/newsletter/send-daily-issue.server.ts";

const showStats = process.argv.includes("--stats");

try {
  // Links in the mails point where the server runs (its recorded address), unless PUBLIC_URL says.
  await adoptServerAddress();
  const result = await withCliApp(async () => {
    try {
      const rssAtStartMb = process.memoryUsage().rss / 1048576;
      const hwmAtStartMb = process.resourceUsage().maxRSS / 1024;
      // The largest V8 heap and off-heap (Buffers) figures seen while sending, sampled every 200 ms.
      const peak = { heapTotalMb: 0, heapUsedMb: 0, externalMb: 0 };
      const sample = () => {
        const memory = process.memoryUsage();
        peak.heapTotalMb = Math.max(peak.heapTotalMb, memory.heapTotal / 1048576);
        peak.heapUsedMb = Math.max(peak.heapUsedMb, memory.heapUsed / 1048576);
        peak.externalMb = Math.max(peak.externalMb, memory.external / 1048576);
      };
      const sampler = showStats ? setInterval(sample, 200) : undefined;
      const started = performance.now();
      const sent = await sendDailyIssue();
      clearInterval(sampler);
      if (showStats) {
        const seconds = (performance.now() - started) / 1000;
        // resourceUsage().maxRSS is in kilobytes: the peak resident memory of this process.
        const peakRssMb = process.resourceUsage().maxRSS / 1024;
        process.stderr.write(`${JSON.stringify({ stats: { seconds, rssAtStartMb, hwmAtStartMb, peakRssMb, ...peak } })}\n`);
      }
      return sent;
    } finally {
      closeMailer();
    }
  }, 4);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} catch (error) {
  process.stderr.write(`Newsletter send failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
