import { ArrowLeftIcon, QuoteIcon } from "lucide-react";
import type { MetaDescriptor } from "react-router";
import { Link } from "react-router";
import { Breadcrumb } from "~/components/breadcrumb";
import { ResponsiveImage } from "~/components/responsive-image";
import { Button } from "~/components/ui/button";
import type { Reference } from "~/content/reference-schema";
import type { ProjectCardData } from "~/features/projects/project-card-data";
import { seo } from "~/lib/seo";
import { breadcrumbList } from "~/lib/structured-data";
import { Paragraphs } from "~/components/prose";
import { FigureList, type FigureListClasses } from "~/components/figure-list";

function crumbs(reference: Reference) {
  return [
    { label: "Home", to: "/" },
    { label: "Projects", to: "/projects" },
    { label: reference.title, to: `/projects/${reference.projectSlug}` },
    { label: "Reference", to: reference.path },
  ];
}

export function referenceMeta(reference: Reference, project: ProjectCardData | undefined, publicUrl: string | undefined): MetaDescriptor[] {
  return [
    ...seo({
      title: `${reference.title}: client reference`,
      description: reference.description,
      path: reference.path,
      publicUrl,
      image: project ? `${project.image}-og.jpg` : undefined,
      type: "article",
    }),
    breadcrumbList(crumbs(reference), publicUrl ?? ""),
  ];
}

/** Client, location and engagement under the title. */
const factClasses: FigureListClasses = {
  list: "mt-8 grid max-w-3xl gap-4 text-sm sm:grid-cols-3",
  label: "font-semibold text-ink-950",
  value: "text-ink-600",
};

/** The results in the aside, each figure above its label. */
const resultClasses: FigureListClasses = {
  list: "mt-4 space-y-4",
  item: "flex flex-col-reverse",
  label: "text-ink-600",
  value: "font-display text-3xl font-semibold text-ink-950",
};

/** A written client reference: quote, brief, what we built, results. */
export function ReferencePage({ reference, project }: { reference: Reference; project: ProjectCardData | undefined }) {
  const facts = [
    { label: "Client", value: reference.client },
    { label: "Location", value: reference.location },
    { label: "Engagement", value: reference.engagement },
  ];
  return (
    <article>
      <header className="bg-dawn border-b border-ink-200">
        <div className="container-page pb-14 pt-8">
          <Breadcrumb items={crumbs(reference)} />
          <p className="eyebrow mt-10">Client reference</p>
          <h1 className="mt-3 text-h1 font-semibold">{reference.title}</h1>
          <p className="mt-5 max-w-2xl text-lg text-ink-600">{reference.description}</p>
          <FigureList items={facts} classes={factClasses} />
        </div>
      </header>
      <div className="container-page grid gap-12 py-14 lg:grid-cols-[1.4fr_1fr] lg:gap-16">
        <div className="space-y-12">
          <figure className="rounded-[var(--radius-card)] bg-ink-950 p-8 text-white sm:p-10">
            <QuoteIcon aria-hidden="true" className="size-8 text-aurora-300" />
            <blockquote className="mt-4 font-display text-2xl leading-snug text-white">
              <p>{reference.quote.text}</p>
            </blockquote>
            <figcaption className="mt-6 text-sm">
              <span className="font-semibold text-white">{reference.quote.by}</span>
              <span className="text-aurora-300">, {reference.quote.role}</span>
            </figcaption>
          </figure>
          {reference.sections.map((section, index) => (
            <section key={section.title}>
              <h2 className="text-h2 font-semibold">{section.title}</h2>
              <div className="mt-4 space-y-4 text-lg leading-relaxed text-ink-700">
                <Paragraphs path={`sections.${index}.paragraphs`} paragraphs={section.paragraphs} />
              </div>
            </section>
          ))}
        </div>
        <aside className="space-y-6">
          {project ? (
            <ResponsiveImage
              base={project.image}
              alt={project.alt}
              sizes="(min-width: 1024px) 420px, 100vw"
              className="rounded-[var(--radius-card)]"
            />
          ) : null}
          <section aria-labelledby="results-title" className="rounded-[var(--radius-card)] border border-ink-200 bg-white p-7">
            <h2 id="results-title" className="text-h3 font-semibold">
              Results
            </h2>
            <FigureList items={reference.results} classes={resultClasses} />
          </section>
          <div className="flex flex-wrap gap-3">
            <Button asChild variant="outline">
              <Link to={`/projects/${reference.projectSlug}`}>
                <ArrowLeftIcon aria-hidden="true" />
                View the project
              </Link>
            </Button>
            <Button asChild>
              <Link to="/contact">Start your project</Link>
            </Button>
          </div>
        </aside>
      </div>
    </article>
  );
}
