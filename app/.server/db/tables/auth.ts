import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import type { Role } from "../../permissions";
import { createdAt, deletedWith, timestamptz, updatedAt } from "./columns";

/**
 * Tables of better-auth (email + password, two-factor plugin), laid out as its
 * schema generator produces them for the drizzle adapter, with model names
 * `users`, `sessions`, `accounts`, `verifications`, `two_factors` (see
 * app/.server/auth.ts), plus our own `user_roles` and `admin_audit_log`.
 * The property names are better-auth's field names: keep them.
 */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").default(false).notNull(),
  image: text("image"),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamptz("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: deletedWith(text("user_id").notNull(), () => users.id),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: deletedWith(text("user_id").notNull(), () => users.id),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamptz("access_token_expires_at"),
    refreshTokenExpiresAt: timestamptz("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt().defaultNow(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: deletedWith(text("user_id").notNull(), () => users.id),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamptz("locked_until"),
  },
  (t) => [index("two_factors_secret_idx").on(t.secret), index("two_factors_user_id_idx").on(t.userId)],
);

/**
 * The last TOTP time step (Unix time / 30 s) accepted for an enrolment, so a
 * code that signed someone in is refused if sent again while it is still
 * valid (app/framework-workarounds/better-auth-internals.server.ts). Goes with its two_factors row: a new
 * enrolment starts fresh.
 */
export const totpAcceptedSteps = pgTable("totp_accepted_steps", {
  twoFactorId: deletedWith(text("two_factor_id").primaryKey(), () => twoFactors.id),
  step: bigint("step", { mode: "number" }).notNull(),
  acceptedAt: timestamptz("accepted_at").notNull().defaultNow(),
});

/** docs/product.md#data, "User role": a row with role `admin` lets a user into /admin. */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: deletedWith(text("user_id").notNull(), () => users.id),
    /** owner, editor, sales, newsletter or mentor (app/.server/permissions.ts); an account may hold several. */
    role: text("role").$type<Role>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check("user_roles_role_check", sql`${t.role} in ('owner', 'editor', 'sales', 'newsletter', 'mentor')`),
  ],
);

/**
 * Who did what in the admin area (docs/admin.md, "Audit log"): sign-ins and failed ones, two-factor
 * changes, the team's changes, exports, erasures and the other changes. Append-only: the database
 * refuses UPDATE, DELETE and TRUNCATE on it (migration 0021).
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Kept when the user is deleted later: the log outlives accounts. */
    userId: text("user_id"),
    userEmail: text("user_email").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    /** HMAC of the client address (hashClientIp): what rows from before `ip` was kept have. */
    ipHash: text("ip_hash"),
    /** The admin's client address, as the security log it is. */
    ip: text("ip"),
    /** Before and after, or what was done, in a line; never secrets or message bodies. */
    summary: text("summary"),
    at: timestamptz("at").notNull().defaultNow(),
  },
  (t) => [index("admin_audit_log_at_idx").on(t.at.desc()), index("admin_audit_log_user_at_idx").on(t.userEmail, t.at)],
);
