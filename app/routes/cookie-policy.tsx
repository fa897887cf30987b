import { LegalPage, legalPageMeta } from "~/features/legal/components/legal-page";
import { loadLegalPage } from "~/features/legal/legal-route.server";
import type { Route } from "./+types/cookie-policy";

export const loader = () => loadLegalPage("cookie-policy");

export const meta: Route.MetaFunction = legalPageMeta("/cookie-policy");

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.document} />;
}
