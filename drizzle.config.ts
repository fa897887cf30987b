import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` is used: it diffs the schema against the committed
// snapshots and needs no database. Migrations are applied by the app at boot.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/.server/db/tables/index.ts",
  out: "./drizzle",
  casing: "snake_case",
});
