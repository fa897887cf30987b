/**
 * How the server talks to whoever reads its output (LOG_FORMAT):
 * - "json": one JSON log line per event, for a log collector (production, containers);
 * - "text": for a person at a terminal: a readable summary when the server is up and one line
 *   when it stops; the JSON log shows warnings and errors only unless LOG_LEVEL says otherwise.
 * Unset: "text" when standard output is a terminal, "json" otherwise.
 */
export type LogFormat = "json" | "text";

export function logFormat(value: string | undefined = process.env.LOG_FORMAT, isTerminal = Boolean(process.stdout.isTTY)): LogFormat {
  if (value === "json" || value === "text") return value;
  return isTerminal ? "text" : "json";
}

/** The JSON log's level when LOG_LEVEL is not set. */
export function defaultLogLevel(format: LogFormat, nodeEnv = process.env.NODE_ENV): string {
  if (nodeEnv === "test") return "warn";
  return format === "text" ? "warn" : "info";
}
