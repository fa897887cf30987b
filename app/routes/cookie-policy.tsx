import { PageHeader } from "~/components/page-header";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/cookie-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Cookie Policy",
    description: "Which cookies the Nordlys Studio website uses, for how long, and how to control them.",
    path: "/cookie-policy",
    publicUrl: publicUrlFrom(matches),
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Legal" title="Cookie Policy">
      <p>Which cookies we use, for how long, and how you control them.</p>
    </PageHeader>
  );
}
