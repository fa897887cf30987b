import { PageHeader } from "~/components/page-header";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/try-ai";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Try AI Tools",
    description: "Four free AI tools: an AI secretary, an SEO title and meta description generator, a cold email writer and a LinkedIn post generator.",
    path: "/try-ai",
    publicUrl: publicUrlFrom(matches),
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Free tools" title="Try AI Tools">
      <p>An AI secretary, an SEO generator, a cold email writer and a LinkedIn post generator, free to use.</p>
    </PageHeader>
  );
}
