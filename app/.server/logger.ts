import { pino, type Logger } from "pino";
import { defaultLogLevel, logFormat } from "./log-format";

type ErrorLike = Error & { cause?: unknown; query?: unknown; params?: unknown; code?: unknown; severity?: unknown };

/** Properties of database errors that hold the values of a query: a visitor's name, e-mail or message. */
const VALUE_PROPERTIES = ["params", "parameters", "detail", "where"];

/** An error's message without the values it may quote. */
function messageWithoutValues(error: ErrorLike): string {
  // Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <every value>".
  if (typeof error.query === "string" && "params" in error) return `Failed query: ${error.query}`;
  // PostgreSQL quotes the offending input: invalid input syntax for type uuid: "<value>".
  if (typeof error.severity === "string" && typeof error.code === "string") return error.message.replace(/"[^"]*"/g, '"…"');
  return error.message;
}

/**
 * pino's error serializer, minus the values a failed query carries in its
 * message, stack and properties (docs/decisions/0105-input-boundary.md).
 * The error's type, SQL text, PostgreSQL code and the stack frames stay.
 */
export function serializeError(input: unknown): unknown {
  // pino-http hands serializers pino's own serialization, with the error under `raw`.
  const value = input instanceof Error ? input : (input as { raw?: unknown } | null)?.raw;
  if (!(value instanceof Error)) return input;
  const chain: ErrorLike[] = [];
  for (
    let error: unknown = value;
    error instanceof Error && chain.length < 8 && !chain.includes(error);
    error = (error as ErrorLike).cause
  ) {
    chain.push(error);
  }
  const serialized = pino.stdSerializers.err(value) as unknown as Record<string, unknown>;
  const messages = chain.map(messageWithoutValues);
  serialized.message = messages.join(": ");
  serialized.stack = chain.map((error, index) => (error.stack ?? "").replace(error.message, messages[index]!)).join("\ncaused by: ");
  for (const property of VALUE_PROPERTIES) delete serialized[property];
  const databaseCode = chain.find((error) => typeof error.code === "string" && typeof error.severity === "string")?.code;
  if (databaseCode) serialized.databaseCode = databaseCode;
  return serialized;
}

/**
 * A log record's field that marks it as one of many a terminal reader gets as one summary line
 * instead (per-feed fetch failures: the news refresh prints "2 of 16 sources answered; see
 * /admin/feeds", `tellTerminal`). With LOG_FORMAT=text such records are not written; in JSON
 * they are, like any other.
 */
export const SUMMARISED_AT_TERMINAL = "summarisedAtTerminal";

function isSummarised(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[SUMMARISED_AT_TERMINAL] === true;
}

/**
 * One line for a person at the terminal (LOG_FORMAT=text), after the start-up summary: nothing
 * in JSON, where the log records say the same.
 */
export function tellTerminal(line: string, format = logFormat(), write = (text: string) => void process.stdout.write(text)): void {
  if (format === "text") write(`${line}\n`);
}

/**
 * One structured logger for the whole server. Secrets and personal data that
 * may appear in request objects and errors are redacted here, once.
 * (`destination`: tests read what it writes.)
 */
export function createLogger(destination?: pino.DestinationStream, format = logFormat()): Logger {
  const level = process.env.LOG_LEVEL || defaultLogLevel(format);
  const options: pino.LoggerOptions = {
    level,
    hooks:
      format === "text"
        ? {
            logMethod(args, method) {
              if (isSummarised(args[0])) return;
              method.apply(this, args);
            },
          }
        : {},
    base: { service: "nordlys-site" },
    serializers: { err: serializeError },
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "password",
        "*.password",
        "apiKey",
        "*.apiKey",
      ],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const logger: Logger = createLogger();
