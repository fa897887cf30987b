import { PageHeader } from "~/components/page-header";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Contact",
    description: "Tell Nordlys Studio about your project and get a proposal. We reply within 24 hours.",
    path: "/contact",
    publicUrl: publicUrlFrom(matches),
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Start your project" title="Contact">
      <p>Tell us what you want to build. We reply within 24 hours.</p>
    </PageHeader>
  );
}
