import { PageHeader } from "~/components/page-header";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Privacy Policy",
    description: "How Nordlys Studio collects, uses and protects personal data.",
    path: "/privacy-policy",
    publicUrl: publicUrlFrom(matches),
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Legal" title="Privacy Policy">
      <p>How we collect, use and protect your personal data.</p>
    </PageHeader>
  );
}
