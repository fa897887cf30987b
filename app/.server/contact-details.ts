import type { ContactDetails } from "~/content/page-schema";
import { firstContactDetails } from "~/content/site";

/**
 * The studio's contact details as published (docs/content.md, "Pages"), for what the platform
 * renders on the server: the e-mails' footers, the root loader. The content feature registers
 * where they come from (live.server.ts); a process that never loaded it (a command-line tool)
 * uses the first ones.
 */
let read: (() => ContactDetails) | undefined;

export function registerContactDetails(source: () => ContactDetails): void {
  read = source;
}

export function contactDetails(): ContactDetails {
  return read?.() ?? firstContactDetails;
}
