import { ArrowLeftIcon, CheckIcon, ExternalLinkIcon } from "lucide-react";
import { data, Link } from "react-router";
import { Breadcrumb } from "~/components/breadcrumb";
import { ResponsiveImage } from "~/components/responsive-image";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { findProject, projectMetaDescription, type Project } from "~/content/projects";
import { publicUrlFrom, seo } from "~/lib/seo";
import { breadcrumbList, creativeWork } from "~/lib/structured-data";
import type { Route } from "./+types/project";

export function loader({ params }: Route.LoaderArgs) {
  const project = findProject(params.slug);
  if (!project) return data({ project: null, description: "" }, { status: 404 });
  return { project, description: projectMetaDescription(project) };
}

function crumbs(project: Project) {
  return [
    { label: "Home", to: "/" },
    { label: "Projects", to: "/projects" },
    { label: project.title, to: `/projects/${project.slug}` },
  ];
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const publicUrl = publicUrlFrom(matches);
  const project = loaderData?.project;
  if (!project) {
    return seo({
      title: "Project not found",
      description: "This project does not exist. Browse the ten AI products Nordlys Studio has built.",
      path: `/projects/${params.slug}`,
      publicUrl,
      noindex: true,
    });
  }
  const description = loaderData.description;
  return [
    ...seo({
      title: project.title,
      description,
      path: `/projects/${project.slug}`,
      publicUrl,
      image: `${project.image}-og.jpg`,
      type: "article",
    }),
    creativeWork(project, publicUrl ?? "", description),
    breadcrumbList(crumbs(project), publicUrl ?? ""),
  ];
};

function BackToProjects() {
  return (
    <Button asChild variant="outline">
      <Link to="/projects">
        <ArrowLeftIcon aria-hidden="true" />
        Back to Projects
      </Link>
    </Button>
  );
}

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project } = loaderData;
  if (!project) {
    return (
      <section className="container-page py-24 text-center">
        <p className="eyebrow">404</p>
        <h1 className="mt-3 text-h1 font-semibold">Project not found</h1>
        <p className="mx-auto mt-4 max-w-md text-ink-600">
          We could not find a project at this address. It may have been renamed; all our work is on the projects page.
        </p>
        <div className="mt-8">
          <BackToProjects />
        </div>
      </section>
    );
  }

  return (
    <article>
      <header className="bg-dawn border-b border-ink-200">
        <div className="container-page pb-12 pt-8 sm:pb-16">
          <Breadcrumb items={crumbs(project)} />
          <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_1.1fr] lg:items-center lg:gap-14">
            <div>
              <p className="eyebrow">
                {project.client} · {project.year}
              </p>
              <h1 className="mt-3 text-h1 font-semibold">{project.title}</h1>
              <p className="mt-5 text-lg text-ink-600">{project.description}</p>
              <ul className="mt-6 flex flex-wrap gap-2" aria-label="Tags">
                {project.tags.map((tag) => (
                  <li key={tag}>
                    <Badge variant="accent">{tag}</Badge>
                  </li>
                ))}
              </ul>
            </div>
            <ResponsiveImage
              base={project.image}
              alt={project.alt}
              priority
              sizes="(min-width: 1216px) 600px, (min-width: 1024px) 52vw, 100vw"
              className="rounded-[var(--radius-card)] shadow-[var(--shadow-card)]"
            />
          </div>
        </div>
      </header>

      <div className="container-page grid gap-12 py-14 lg:grid-cols-[1.4fr_1fr] lg:gap-16">
        <div>
          <section aria-labelledby="outcome-title" className="rounded-[var(--radius-card)] bg-ink-950 p-7 text-white sm:p-9">
            <h2 id="outcome-title" className="eyebrow text-aurora-300">
              Outcome
            </h2>
            <p className="mt-3 font-display text-2xl font-semibold leading-snug text-white sm:text-3xl">{project.outcome}</p>
          </section>
          <section aria-labelledby="summary-title" className="mt-12">
            <h2 id="summary-title" className="text-h2 font-semibold">
              Summary
            </h2>
            <div className="mt-4 space-y-4 text-lg leading-relaxed text-ink-700">
              {project.summary.map((paragraph) => (
                <p key={paragraph.slice(0, 24)}>{paragraph}</p>
              ))}
            </div>
          </section>
        </div>
        <aside className="space-y-8">
          <section aria-labelledby="features-title" className="rounded-[var(--radius-card)] border border-ink-200 bg-white p-7">
            <h2 id="features-title" className="text-h3 font-semibold">
              Key features
            </h2>
            <ul className="mt-4 space-y-3">
              {project.features.map((feature) => (
                <li key={feature} className="flex gap-3 text-ink-700">
                  <CheckIcon aria-hidden="true" className="mt-1 size-4 shrink-0 text-aurora-600" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="cta-title" className="rounded-[var(--radius-card)] border border-ink-200 bg-white p-7">
            <h2 id="cta-title" className="text-h3 font-semibold">
              {project.cta.external ? "See it in action" : "Want something like this?"}
            </h2>
            <p className="mt-2 text-ink-600">
              {project.cta.external
                ? "The live version opens in a new tab."
                : "Tell us what you have in mind. We reply within 24 hours with next steps."}
            </p>
            <div className="mt-5 flex flex-wrap gap-3">
              {project.cta.external ? (
                <Button asChild variant="accent">
                  <a href={project.cta.url} target="_blank" rel="noopener noreferrer">
                    {project.cta.label}
                    <ExternalLinkIcon aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </Button>
              ) : (
                <Button asChild variant="accent">
                  <Link to={project.cta.url}>{project.cta.label}</Link>
                </Button>
              )}
              {project.reference ? (
                <Button asChild variant="outline">
                  <Link to={project.reference.to}>{project.reference.label}</Link>
                </Button>
              ) : null}
            </div>
          </section>
        </aside>
      </div>
      <div className="container-page">
        <BackToProjects />
      </div>
    </article>
  );
}
