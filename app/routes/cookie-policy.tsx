import { cookiePolicy } from "~/content/legal";
import { LegalPage, todayLabel } from "~/features/legal/components/legal-page";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/cookie-policy";

export function loader() {
  return { lastUpdated: todayLabel() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: cookiePolicy.title, description: cookiePolicy.description, path: "/cookie-policy", publicUrl: publicUrlFrom(matches) });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={cookiePolicy} lastUpdated={loaderData.lastUpdated} />;
}
