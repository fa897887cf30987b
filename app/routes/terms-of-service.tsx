import { termsOfService } from "~/content/legal";
import { LegalPage, todayLabel } from "~/features/legal/components/legal-page";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/terms-of-service";

export function loader() {
  return { lastUpdated: todayLabel() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: termsOfService.title, description: termsOfService.description, path: "/terms-of-service", publicUrl: publicUrlFrom(matches) });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={termsOfService} lastUpdated={loaderData.lastUpdated} />;
}
