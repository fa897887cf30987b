import { PageHeader } from "~/components/page-header";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "About",
    description: "The story and the founders behind Nordlys Studio, an AI product studio in Oslo.",
    path: "/about",
    publicUrl: publicUrlFrom(matches),
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Our story" title="About">
      <p>We are a small studio of engineers and designers who turn ideas into AI products that people use every day.</p>
    </PageHeader>
  );
}
