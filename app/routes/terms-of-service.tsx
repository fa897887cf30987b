import { LegalPage, legalPageMeta } from "~/features/legal/components/legal-page";
import { loadLegalPage } from "~/features/legal/legal-route.server";
import type { Route } from "./+types/terms-of-service";

export const loader = () => loadLegalPage("terms-of-service");

export const meta: Route.MetaFunction = legalPageMeta("/terms-of-service");

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.document} />;
}
