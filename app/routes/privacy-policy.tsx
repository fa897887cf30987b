import { privacyPolicy } from "~/content/legal";
import { LegalPage } from "~/features/legal/components/legal-page";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: privacyPolicy.title, description: privacyPolicy.description, path: "/privacy-policy", publicUrl: publicUrlFrom(matches) });

export default function Page() {
  return <LegalPage document={privacyPolicy} />;
}
