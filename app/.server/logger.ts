import { pino, type Logger } from "pino";

/**
 * One structured logger for the whole server. Secrets and personal data that
 * may appear in request objects are redacted here, once.
 */
function createLogger(): Logger {
  const level = process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "warn" : "info");
  return pino({
    level,
    base: { service: "nordlys-site" },
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
  });
}

export const logger: Logger = createLogger();
