import { PageHeader } from "~/components/page-header";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/projects";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Projects",
    description: "Ten AI products Nordlys Studio designed and built with founders and teams.",
    path: "/projects",
    publicUrl: publicUrlFrom(matches),
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Portfolio" title="Projects">
      <p>A selection of the AI products we have designed, built and shipped with our partners.</p>
    </PageHeader>
  );
}
