import { privacyPolicy } from "~/content/legal";
import { LegalPage, todayLabel } from "~/features/legal/components/legal-page";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export function loader() {
  return { lastUpdated: todayLabel() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: privacyPolicy.title, description: privacyPolicy.description, path: "/privacy-policy", publicUrl: publicUrlFrom(matches) });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={privacyPolicy} lastUpdated={loaderData.lastUpdated} />;
}
