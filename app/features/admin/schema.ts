import { z } from "zod";

/** Forms and query strings of the admin area, shared by the pages and the server. */

/** An admin's sign-in address. */
const adminEmail = z
  .string({ error: "Enter your e-mail address" })
  .trim()
  .min(1, "Enter your e-mail address")
  .max(255)
  .email("Enter a valid e-mail address");

export const signInSchema = z.object({
  email: adminEmail,
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(200),
  /** Only while the account asks for password and code together. */
  code: z.string().trim().max(32, "That code is too long").optional(),
  redirectTo: z.string().max(500).optional(),
});

export const secondFactorSchema = z.object({
  code: z.string({ error: "Enter the code" }).trim().min(1, "Enter the code").max(32, "That code is too long"),
  method: z.enum(["totp", "backup"]).default("totp"),
  redirectTo: z.string().max(500).optional(),
});

export const resetRequestSchema = z.object({
  email: adminEmail,
});

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: z.string({ error: "Choose a new password" }).min(12, "Use at least 12 characters").max(128, "Use at most 128 characters"),
    confirm: z.string({ error: "Repeat the new password" }),
  })
  .refine((value) => value.password === value.confirm, { path: ["confirm"], message: "The passwords do not match" });

export const PAGE_SIZE = 20;

const page = z.coerce.number().int().min(1).max(100_000).catch(1);
const search = z.string().trim().max(200).catch("");

export const listQuerySchema = z.object({ q: search.default(""), page: page.default(1) });
export type ListQuery = z.output<typeof listQuerySchema>;

/** `held=1`: the items held for review (docs/admin.md, "Held items") instead of the inbox. */
const held = z
  .string()
  .optional()
  .transform((value) => value === "1" || value === "true")
  .catch(false);

export const leadQuerySchema = listQuerySchema.extend({ held });
export type LeadQuery = z.output<typeof leadQuerySchema>;

export const submissionSources = ["apply", "mentoring", "contact"] as const;
export const submissionQuerySchema = listQuerySchema.extend({
  source: z.enum(submissionSources).optional().catch(undefined),
  held,
});
export type SubmissionQuery = z.output<typeof submissionQuerySchema>;

export const idSchema = z.uuid();

/** Reads a query schema from a URL's search params (unknown keys ignored). */
export function parseQuery<T extends z.ZodType>(schema: T, url: URL): z.output<T> {
  const raw: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (value !== "") raw[key] = value;
  return schema.parse(raw);
}

export const subscriberStatuses = ["confirmed", "pending", "unsubscribed", "bounced"] as const;
export const subscriberQuerySchema = listQuerySchema.extend({
  status: z.enum(subscriberStatuses).optional().catch(undefined),
});

/** An outbox file name as we list it: no folders, only .eml. */
export const outboxFileSchema = z.string().regex(/^[\w.-]{1,200}\.eml$/);
export const outboxQuerySchema = z.object({
  page: page.default(1),
  file: outboxFileSchema.optional().catch(undefined),
});

/** A set-up in progress, carried by the confirm form (the account's own new secret, shown to it a moment ago). */
export const pendingTotpSetupSchema = z.object({
  totpUri: z.string().max(1000).startsWith("otpauth://totp/"),
  backupCodes: z
    .string()
    .max(1000)
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(z.array(z.string().regex(/^[\w-]{1,40}$/)).max(30)),
});

/** Shown whatever the address: the reset form never tells whether an account exists. */
export const RESET_REQUESTED_MESSAGE = "If an admin account exists for that e-mail, we have sent it a link to choose a new password.";
