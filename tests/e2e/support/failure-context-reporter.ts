import fs from "node:fs";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** At most this much of each page snapshot is printed. */
const MAX_CHARS = 12_000;

/**
 * Prints what the page showed when a test failed (Playwright's error context: the error and the
 * page's accessibility tree) into the run's output, next to the list reporter's lines. A CI run
 * keeps only its output, not test-results/: without this, a failure there says what was missing
 * but not what was on the page instead.
 */
export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === "passed" || result.status === "skipped") return;
    for (const attachment of result.attachments) {
      if (attachment.name !== "error-context" || !attachment.path) continue;
      let text: string;
      try {
        text = fs.readFileSync(attachment.path, "utf8");
      } catch {
        continue;
      }
      const shown = text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n[… ${text.length - MAX_CHARS} more characters]` : text;
      process.stdout.write(
        `\n--- The page when "${test.titlePath().slice(2).join(" › ")}" failed ---\n${shown}\n--- end of the page ---\n`,
      );
    }
  }

  printsToStdio() {
    // The list reporter prints the run; this one only adds to it.
    return false;
  }
}
