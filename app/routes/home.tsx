import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { site } from "~/content/site";
import { NewsletterSignup } from "~/features/newsletter/components/newsletter-signup";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: site.name, description: site.description, path: "/", publicUrl: publicUrlFrom(matches) });

export default function Home() {
  return (
    <>
    <section className="container-page py-20 sm:py-28">
      <p className="text-sm font-semibold uppercase tracking-wider text-aurora-700">{site.tagline}</p>
      <h1 className="mt-3 max-w-3xl text-5xl font-semibold sm:text-6xl">We turn AI ideas into reality</h1>
      <p className="mt-5 max-w-2xl text-lg text-ink-600">{site.description}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to="/contact">Start Your Project — Get a Proposal</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/apply">Pitch Your Idea</Link>
        </Button>
      </div>
    </section>
    <div className="container-page max-w-3xl pb-20">
      <NewsletterSignup variant="home" />
    </div>
    </>
  );
}
