import { LegalPage, legalPageMeta } from "~/features/legal/components/legal-page";
import { loadLegalPage } from "~/features/legal/legal-route.server";
import type { Route } from "./+types/privacy-policy";

export const loader = () => loadLegalPage("privacy-policy");

export const meta: Route.MetaFunction = legalPageMeta("/privacy-policy");

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.document} />;
}
