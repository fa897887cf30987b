import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../support/database";
import { createLogger } from "~/.server/logger";

const database = setupTestDatabase();

function capturingLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger(destination), output: () => lines.join("") };
}

describe("error logs", () => {
  it("name the failed query and its PostgreSQL code, never the visitor's values", async () => {
    const visitor = { name: "Anna Visitor", email: "anna.visitor@example.com", message: "My secret plan for a startup" };
    // A real failure from the driver: a value that is not a uuid, next to a visitor's data.
    const error = await database.current.db
      .execute(sql`select ${visitor.email}::uuid as id, ${visitor.name} as name, ${visitor.message} as message`)
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain(visitor.email);

    const { logger, output } = capturingLogger();
    logger.error({ err: error, path: "/api/send-contact-email" }, "API: unexpected error");
    const line = output();
    expect(line).toContain('"path":"/api/send-contact-email"');
    expect(line).toContain("Failed query: select $1::uuid as id");
    expect(line).toContain("invalid input syntax for type uuid");
    expect(line).toContain('"databaseCode":"22P02"');
    expect(line).toContain("DrizzleQueryError");
    for (const value of Object.values(visitor)) expect(line).not.toContain(value);
  });

  it("keep other errors as they are", () => {
    const { logger, output } = capturingLogger();
    logger.error({ err: new Error("SMTP connection refused", { cause: new Error("ECONNREFUSED") }) }, "Mail failed");
    expect(output()).toContain('"message":"SMTP connection refused: ECONNREFUSED"');
    expect(output()).toContain('"stack":"Error: SMTP connection refused');
  });
});
