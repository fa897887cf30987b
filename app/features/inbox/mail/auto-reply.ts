/**
 * Whether an incoming mail was sent by a machine (docs/inbox.md): out-of-office answers, mailing
 * lists, bulk mail. Such a mail is kept and shown as what it is, but never answered and never
 * counted as the person's answer, so two auto-responders answering each other end with us.
 * `get` returns a header's value (lower-case name), or undefined.
 */
export function autoReplyReason(get: (name: string) => string | undefined): string | null {
  const autoSubmitted = get("auto-submitted")?.trim().toLowerCase();
  if (autoSubmitted && !autoSubmitted.startsWith("no")) return `Auto-Submitted: ${autoSubmitted.slice(0, 60)}`;
  const precedence = get("precedence")?.trim().toLowerCase();
  if (precedence && ["bulk", "junk", "list", "auto_reply"].includes(precedence)) return `Precedence: ${precedence}`;
  if (get("list-id")?.trim()) return "List-Id";
  if (get("x-autoreply")?.trim() || get("x-autorespond")?.trim()) return "X-Autoreply";
  return null;
}
