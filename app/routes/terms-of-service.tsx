import { termsOfService } from "~/content/legal";
import { LegalPage } from "~/features/legal/components/legal-page";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/terms-of-service";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: termsOfService.title,
    description: termsOfService.description,
    path: "/terms-of-service",
    publicUrl: publicUrlFrom(matches),
  });

export default function Page() {
  return <LegalPage document={termsOfService} />;
}
