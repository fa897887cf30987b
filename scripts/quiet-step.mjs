/**
 * A build step as a person at a terminal wants to see it: one line that says what is happening
 * and, when it is done, one line that says it worked. The step's own output (Vite prints some 250
 * lines) is kept in memory and printed in full only when the step fails. When standard error is
 * not a terminal (CI, a log file, a pipe) the output goes through as it comes, line for line.
 */
import { spawn } from "node:child_process";

/**
 * @typedef {object} StepOptions
 * @property {string} [cwd]
 * @property {Record<string, string>} [env] added to this process's environment
 * @property {string} [label] the line that says what is happening ("Building...")
 * @property {boolean} [quiet] capture the output (default: when standard error is a terminal)
 * @property {(line: string) => void} [say] where the label and the "done" line go
 */

/**
 * Runs `command` and resolves with its exit code; `quiet` captures its output (see above).
 * @param {string} command
 * @param {string[]} args
 * @param {StepOptions} [options]
 * @returns {Promise<number>}
 */
export function runStep(
  command,
  args,
  { cwd, env, label, quiet = Boolean(process.stderr.isTTY), say = (line) => process.stderr.write(`${line}\n`) } = {},
) {
  const started = Date.now();
  if (label) say(`[nordlys] ${label}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: quiet ? ["inherit", "pipe", "pipe"] : "inherit" });
    /** @type {Buffer[]} */
    const captured = [];
    if (quiet) {
      child.stdout?.on("data", (chunk) => captured.push(chunk));
      child.stderr?.on("data", (chunk) => captured.push(chunk));
    }
    /** @param {NodeJS.Signals} signal */
    const forward = (signal) => () => child.exitCode === null && child.kill(signal);
    /** @type {Array<[NodeJS.Signals, () => void]>} */
    const handlers = /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"]).map((signal) => [signal, forward(signal)]);
    for (const [signal, handler] of handlers) process.on(signal, handler);
    child.on("error", (error) => {
      say(`[nordlys] Could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code, signal) => {
      for (const [name, handler] of handlers) process.removeListener(name, handler);
      const exitCode = code ?? (signal === "SIGINT" ? 130 : 1);
      if (quiet && exitCode !== 0) {
        // The step failed: everything it said, so the reason is on the screen (answered once written).
        process.stderr.write(Buffer.concat(captured), () => resolve(exitCode));
        return;
      }
      if (quiet && label) {
        say(`[nordlys] ${label.replace(/\.\.\.$/, "")}: done in ${Math.round((Date.now() - started) / 1000)} s.`);
      }
      resolve(exitCode);
    });
  });
}
