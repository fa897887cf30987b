import { cookiePolicy } from "~/content/legal";
import { LegalPage } from "~/features/legal/components/legal-page";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/cookie-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: cookiePolicy.title, description: cookiePolicy.description, path: "/cookie-policy", publicUrl: publicUrlFrom(matches) });

export default function Page() {
  return <LegalPage document={cookiePolicy} />;
}
