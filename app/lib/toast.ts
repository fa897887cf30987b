import { z } from "zod";

/** A toast the server asks the next page to show (after a redirect or a no-JS form post). */
export const toastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});

export type Toast = z.output<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;
