import { PageHeader } from "~/components/page-header";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/apply";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Pitch Your Idea",
    description: "Pitch your product idea to Nordlys Studio's selective partnership and free build program.",
    path: "/apply",
    publicUrl: publicUrlFrom(matches),
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Free Build Program" title="Pitch Your Idea">
      <p>Tell us about the product you want to build. The program is selective: we answer every application.</p>
    </PageHeader>
  );
}
