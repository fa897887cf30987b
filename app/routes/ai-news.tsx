import { PageHeader } from "~/components/page-header";
import { NewsletterSignup } from "~/features/newsletter/components/newsletter-signup";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/ai-news";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "AI News Hub",
    description: "AI news from across the web, summarised and updated every 30 minutes.",
    path: "/ai-news",
    publicUrl: publicUrlFrom(matches),
  });

export default function Page() {
  return (
    <>
    <PageHeader eyebrow="AI News" title="AI News Hub">
      <p>The latest AI stories from research labs and the tech press, summarised and updated every 30 minutes.</p>
    </PageHeader>
    <div className="container-page max-w-3xl py-12">
      <NewsletterSignup variant="ai-news" />
    </div>
    </>
  );
}
