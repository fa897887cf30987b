import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog, users } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { audited } from "~/features/admin/record-admin-audit.server";
import { setupTestDatabase } from "../support/database";

/**
 * An audit entry commits with its change (docs/admin.md, "Audit log"): in the change's own
 * transaction, so a change that fails or is rolled back leaves no entry, and one that commits
 * always has its entry. Against the real database.
 */
const database = setupTestDatabase();

const who = { id: null, email: "owner@example.com" };
const entriesFor = async (target: string) => database.current.db.select().from(adminAuditLog).where(eq(adminAuditLog.target, target));
/** A change that renames a made-up user in a transaction, then fails when asked to. */
async function rename(id: string, name: string, failAfterWrite = false) {
  await withTransaction(async (tx) => {
    await tx.db.update(users).set({ name }).where(eq(users.id, id));
    if (failAfterWrite) throw new Error("the change failed after its write");
  });
}

describe("audited", () => {
  it("writes the entry in the change's transaction: both commit, or neither does", async () => {
    const id = `audit-${Date.now()}`;
    await database.current.db.insert(users).values({ id, name: "Before", email: `${id}@example.com`, emailVerified: true });

    await expect(
      audited({ user: who, action: "change-roles", target: id, summary: "failed" }, () => rename(id, "Never", true)),
    ).rejects.toThrow("failed after its write");
    expect(await entriesFor(id)).toEqual([]);
    expect((await database.current.db.select().from(users).where(eq(users.id, id)))[0]?.name).toBe("Before");

    await audited({ user: who, action: "change-roles", target: id, summary: "renamed" }, () => rename(id, "After"));
    expect((await entriesFor(id)).map((entry) => entry.summary)).toEqual(["renamed"]);
    expect((await database.current.db.select().from(users).where(eq(users.id, id)))[0]?.name).toBe("After");
  });

  it("a change in two transactions carries the entry in the first that commits; one with none gets it after", async () => {
    const id = `audit-two-${Date.now()}`;
    await database.current.db.insert(users).values({ id, name: "Before", email: `${id}@example.com`, emailVerified: true });
    await audited({ user: who, action: "change-roles", target: id, summary: "twice" }, async () => {
      await rename(id, "Middle", true).catch(() => undefined);
      await rename(id, "Final");
      await rename(id, "Final again");
    });
    expect((await entriesFor(id)).map((entry) => entry.summary)).toEqual(["twice"]);
    await audited({ user: who, action: "change-roles", target: id, summary: "no transaction" }, async () => undefined);
    expect((await entriesFor(id)).map((entry) => entry.summary).sort()).toEqual(["no transaction", "twice"]);
  });
});
