import { LegalPage } from "~/features/legal/components/legal-page";
import { loadLegalPage } from "~/features/legal/legal-route.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export const loader = () => loadLegalPage("privacy-policy");

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? seo({
        title: loaderData.document.title,
        description: loaderData.document.description,
        path: "/privacy-policy",
        publicUrl: publicUrlFrom(matches),
      })
    : [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.document} />;
}
