import { ArrowLeftIcon, ExternalLinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Breadcrumb } from "~/components/breadcrumb";
import { CheckList } from "~/components/check-list";
import { ResponsiveImage } from "~/components/responsive-image";
import { ProjectTags } from "./project-card";
import { Button } from "~/components/ui/button";
import type { CaseStudy, Project } from "~/content/project-schema";
import { cn } from "~/lib/cn";
import { Paragraphs } from "~/components/prose";
import { FigureList, type FigureListClasses } from "~/components/figure-list";

/** Home › Projects › the project: the breadcrumb and its structured data. */
export function projectCrumbs(project: Project) {
  return [
    { label: "Home", to: "/" },
    { label: "Projects", to: "/projects" },
    { label: project.title, to: `/projects/${project.slug}` },
  ];
}

export function BackToProjects() {
  return (
    <Button asChild variant="outline">
      <Link to="/projects">
        <ArrowLeftIcon aria-hidden="true" />
        Back to Projects
      </Link>
    </Button>
  );
}

/** A section of the article under its h2; `id` names the heading (`<id>-title`). */
function TitledSection(props: { id: string; title: string; className?: string; titleClassName?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${props.id}-title`} className={props.className}>
      <h2 id={`${props.id}-title`} className={props.titleClassName ?? "text-h3 font-semibold"}>
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

/** The case study's results on the outcome band, each figure above its label. */
const resultClasses: FigureListClasses = {
  list: "mt-10 grid gap-8 border-t border-white/10 pt-8 sm:grid-cols-3",
  item: "flex flex-col-reverse justify-end",
  label: "mt-2 max-w-[18rem] text-ink-200",
  value: "text-aurora font-display text-5xl font-semibold tracking-tight",
};

/** The case study's facts in the header. */
const factClasses: FigureListClasses = {
  list: "mt-8 grid gap-4 border-t border-ink-200 pt-6 sm:grid-cols-3",
  label: "text-xs font-semibold uppercase tracking-wider text-ink-600",
  value: "mt-1 text-sm font-medium text-ink-900",
};

/** A project page's article: the short form, and the case study when the project has one (docs/content.md). */
export function ProjectArticle({ project }: { project: Project }) {
  const study = project.caseStudy;
  return (
    <article>
      <ProjectHeader project={project} />

      <section aria-labelledby="outcome-title" className="bg-night aurora-band py-14 text-white sm:py-16">
        <div className="container-page">
          <h2 id="outcome-title" className="eyebrow text-aurora-300">
            Outcome
          </h2>
          <p className="mt-3 max-w-4xl font-display text-2xl font-semibold leading-snug text-white sm:text-3xl">{project.outcome}</p>
          {study ? <FigureList items={study.results} classes={resultClasses} /> : null}
        </div>
      </section>

      <div className="container-page grid gap-12 py-14 lg:grid-cols-[1.4fr_1fr] lg:gap-16 lazy-render">
        <div className="space-y-12">
          <TitledSection id="summary" title="Summary" titleClassName="text-h2 font-semibold">
            <div className="mt-4 space-y-4 text-lg leading-relaxed text-ink-700">
              <Paragraphs path="summary" paragraphs={project.summary} />
            </div>
          </TitledSection>
          {study ? (
            <TitledSection id="problem" title="The problem" className="border-l-4 border-violet-500 pl-6">
              <div className="mt-3 space-y-4 text-ink-700">
                <Paragraphs path="caseStudy.problem" paragraphs={study.problem} />
              </div>
            </TitledSection>
          ) : null}
        </div>
        <aside className="space-y-8">
          <TitledSection id="features" title="Key features" className="rounded-[var(--radius-card)] border border-ink-200 bg-white p-7">
            <CheckList items={project.features} />
          </TitledSection>
          {study ? (
            <TitledSection
              id="stack"
              title="The stack"
              className="rounded-[var(--radius-card)] bg-ink-950 p-7 text-white"
              titleClassName="text-h3 font-semibold text-white"
            >
              <ul className="mt-4 flex flex-wrap gap-2">
                {study.stack.map((item) => (
                  <li key={item} className="rounded-full border border-white/15 px-3 py-1 font-mono text-xs text-aurora-300">
                    {item}
                  </li>
                ))}
              </ul>
            </TitledSection>
          ) : null}
        </aside>
      </div>

      {study ? <CaseStudyBody study={study} /> : null}

      <div className="container-page pb-4 pt-14">
        <ProjectCallToAction project={project} />
        <div className="mt-10">
          <BackToProjects />
        </div>
      </div>
    </article>
  );
}

/** The long form: the approach step by step, the screens we built, and the client's words. */

function CaseStudyBody({ study }: { study: CaseStudy }) {
  return (
    <>
      <section aria-labelledby="approach-title" className="border-y border-ink-200 bg-white py-section lazy-render">
        <div className="container-page">
          <p className="eyebrow">How we worked</p>
          <h2 id="approach-title" className="mt-2 text-h2 font-semibold">
            Our approach
          </h2>
          <ol className="mt-10 grid gap-8 md:grid-cols-2 lg:grid-cols-4">
            {study.approach.map((step, index) => (
              <li key={step.title} className="border-t-2 border-aurora-500 pt-5">
                <span aria-hidden="true" className="font-display text-sm font-semibold text-aurora-700">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <h3 className="mt-2 text-h3 font-semibold">{step.title}</h3>
                <p className="mt-2 text-ink-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="built-title" className="container-page py-section lazy-render">
        <p className="eyebrow">The product</p>
        <h2 id="built-title" className="mt-2 text-h2 font-semibold">
          What we built
        </h2>
        <div className="mt-10 space-y-14">
          {study.screens.map((screen, index) => (
            <figure key={screen.image} className="grid gap-6 lg:grid-cols-[1.6fr_1fr] lg:items-end lg:gap-10">
              <ResponsiveImage
                base={screen.image}
                alt={screen.alt}
                sizes="(min-width: 1216px) 700px, (min-width: 1024px) 58vw, 100vw"
                className={cn("rounded-[var(--radius-card)] shadow-[var(--shadow-card)]", index % 2 === 1 && "lg:order-2")}
              />
              <figcaption className="border-l-2 border-aurora-500 pl-4 font-display text-xl leading-snug text-ink-900">
                {screen.caption}
              </figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section aria-label="What the client says" className="bg-dawn border-y border-ink-200 py-section lazy-render">
        <div className="container-page">
          <figure className="max-w-4xl">
            <blockquote className="font-display text-[clamp(1.5rem,1.1rem+1.6vw,2.25rem)] font-medium leading-snug tracking-tight text-ink-950">
              <p>“{study.quote.text}”</p>
            </blockquote>
            <figcaption className="mt-6 text-ink-700">
              <span className="font-semibold text-ink-950">{study.quote.by}</span>, {study.quote.role}
            </figcaption>
          </figure>
        </div>
      </section>
    </>
  );
}

type ShownProject = Project;

/** The top of the page: client and year, title, description, tags, the case study's facts and the picture. */
function ProjectHeader({ project }: { project: ShownProject }) {
  const study = project.caseStudy;
  return (
    <header className="bg-dawn border-b border-ink-200">
      <div className="container-page pb-12 pt-8 sm:pb-16">
        <Breadcrumb items={projectCrumbs(project)} />
        <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_1.1fr] lg:items-center lg:gap-14">
          <div>
            <p className="eyebrow">
              {project.client} · {project.year}
            </p>
            <h1 className="mt-3 text-h1 font-semibold">{project.title}</h1>
            <p className="mt-5 text-lg text-ink-600">{project.description}</p>
            <ProjectTags tags={project.tags} className="mt-6 flex flex-wrap gap-2" />
            {study ? <FigureList items={study.facts} classes={factClasses} /> : null}
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
  );
}

/** The call to action at the end: the live version, or an invitation to get in touch, and a reference if there is one. */
function ProjectCallToAction({ project }: { project: ShownProject }) {
  return (
    <section
      aria-labelledby="cta-title"
      className="flex flex-col gap-6 rounded-[var(--radius-card)] border border-ink-200 bg-white p-7 sm:p-9 md:flex-row md:items-center md:justify-between"
    >
      <div>
        <h2 id="cta-title" className="text-h3 font-semibold">
          {project.cta.external ? "See it in action" : "Want something like this?"}
        </h2>
        <p className="mt-2 text-ink-600">
          {project.cta.external
            ? "The live version opens in a new tab."
            : "Tell us what you have in mind. We reply within 24 hours with next steps."}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
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
  );
}
