import { useRouteLoaderData } from "react-router";
import type { ContactDetails } from "~/content/page-schema";
import { firstContactDetails } from "~/content/site";

/**
 * The studio's contact details as published (docs/content.md, "Pages"): the root loader sends them
 * with every page. Where it sent none (an error page whose root loader failed), the first ones.
 */
export function contactDetailsIn(rootData: unknown): ContactDetails {
  return (rootData as { contact?: ContactDetails } | undefined)?.contact ?? firstContactDetails;
}

export function useContactDetails(): ContactDetails {
  return contactDetailsIn(useRouteLoaderData("root"));
}
