import { customType, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

// Columns the tables share. Each call makes a new column: a builder belongs to one table.

/** Makes `column` reference `target`: the row goes when the row it points to is deleted. */
export function deletedWith<C extends { references(ref: () => AnyPgColumn, actions: { onDelete: "cascade" }): C }>(
  column: C,
  target: () => AnyPgColumn,
): C {
  return column.references(target, { onDelete: "cascade" });
}

/** A `timestamptz`: every time the app stores keeps its zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** `created_at`: when the row was written. */
export const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/** `updated_at`: set on every update made through drizzle. */
export const updatedAt = () =>
  timestamptz("updated_at")
    .notNull()
    .$onUpdate(() => new Date());

/** Binary data (`bytea`): image files, attachments. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });
