import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { liveProjects } from "~/features/content/live.server";
import { toProjectCard } from "~/features/projects/project-card-data";
import { cn } from "~/lib/cn";
import { isWideCard, ProjectCard } from "~/features/projects/components/project-card";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/projects";

export async function loader() {
  return { projects: (await liveProjects()).map(toProjectCard) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Projects",
    description:
      "Ten AI products Nordlys Studio designed and built: tenant assistants, legal document review, a text-to-game engine, an AI tutor and more.",
    path: "/projects",
    publicUrl: publicUrlFrom(matches),
    image: "/images/og-default.jpg",
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Portfolio" title="Projects">
        <p>
          Ten AI products we designed, built and shipped with founders and teams, from a tenant assistant that answers from the lease to a
          text-to-game engine for classrooms. Each page shows what changed for the client.
        </p>
      </PageHeader>
      <section aria-label="All projects" className="container-page py-14">
        <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {loaderData.projects.map((project, index) => (
            // Cards after the first two are not laid out, nor their pictures fetched, until they come near (decision 0084).
            <li key={project.slug} className={cn(isWideCard(index) && "xl:col-span-2", index > 1 && "lazy-render") || undefined}>
              <ProjectCard project={project} headingLevel="h2" isWide={isWideCard(index)} isPriority={index === 0} />
            </li>
          ))}
        </ul>
        <div className="mt-16 flex flex-col items-start gap-5 rounded-[var(--radius-card)] border border-ink-200 bg-white p-8 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-2xl font-semibold">Have an idea of your own?</h2>
            <p className="mt-1 text-ink-600">Tell us about it. We reply to every enquiry within 24 hours.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/contact">Get a proposal</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/apply">Pitch Your Idea</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
