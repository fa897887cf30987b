import { useState, type ComponentProps } from "react";
import { Link } from "react-router";
import { FigureList, type FigureListClasses } from "~/components/figure-list";
import { SectionHeading } from "~/components/section-heading";
import { Button } from "~/components/ui/button";
import { LatestNewsSection } from "~/features/news/components/latest-news-section";
import { NewsletterSignup } from "~/features/newsletter/components/newsletter-signup";
import { isWideCard, ProjectCard } from "~/features/projects/components/project-card";
import type { ProjectCardData } from "~/features/projects/project-card-data";
import { useKeptMarkup } from "~/framework-workarounds/kept-markup";
import { cn } from "~/lib/cn";
import type { HomePageData } from "../home-page.server";
import { PhrasePauseButton, RotatingPhrase, useCanAnimate } from "./rotating-phrase";

type Content = HomePageData["content"];

/** The home page (also a draft's preview): `data` is what `loadHomePage` made. */
export function HomePage({ data: loaderData }: { data: HomePageData }) {
  const { content } = loaderData;
  const sectionsHtml = useKeptMarkup("home.sections", loaderData.sectionsHtml);
  const heroPanelHtml = useKeptMarkup("home.heroPanel", loaderData.heroPanelHtml);
  return (
    <>
      <Hero hero={content.hero} stats={content.stats} panelHtml={heroPanelHtml} />
      <ProjectsSection projects={loaderData.projects} section={content.projectsSection} />
      <StaticSection
        aria-labelledby="tools-title"
        className="border-y border-ink-200 bg-white py-section lazy-render"
        html={sectionsHtml?.tools}
      />
      <StaticSection aria-labelledby="story-title" className="py-section lazy-render" html={sectionsHtml?.story} />
      <StaticSection
        aria-labelledby="vision-title"
        className="bg-night aurora-band py-section text-white lazy-render"
        html={sectionsHtml?.vision}
      />
      <StaticSection aria-labelledby="results-title" className="py-section lazy-render" html={sectionsHtml?.results} />
      <div className="container-page pb-section lazy-render">
        <NewsletterSignup variant="home" />
      </div>
      <LatestNewsSection data={loaderData.latestNews} />
    </>
  );
}

/**
 * A section drawn from markup the loader rendered: in the browser, on the page as first loaded,
 * `html` is undefined and React keeps the markup the server sent (decision 0200).
 */
function StaticSection({
  html,
  ...props
}: Omit<ComponentProps<"section">, "children" | "dangerouslySetInnerHTML"> & { html: string | undefined }) {
  return <section {...props} dangerouslySetInnerHTML={{ __html: html ?? "" }} suppressHydrationWarning />;
}

/** The hero's stats under its fold line, each figure above its label. */
const statClasses: FigureListClasses = {
  list: "grid gap-6 sm:grid-cols-3 sm:gap-10",
  item: "flex flex-col-reverse",
  label: "mt-1 max-w-[14rem] text-sm text-ink-300",
  value: "text-aurora font-display text-4xl font-semibold sm:text-5xl",
};

function Hero({ hero, stats, panelHtml }: Pick<Content, "hero" | "stats"> & { panelHtml: string | null }) {
  const canAnimate = useCanAnimate();
  const [isPaused, setPaused] = useState(false);
  return (
    <section aria-labelledby="hero-title" className="hero bg-night relative overflow-hidden text-white">
      <div className="container-page pb-28 pt-16 sm:pb-36 sm:pt-24">
        <div className="grid gap-12 lg:grid-cols-[minmax(0,1.35fr)_minmax(0,0.85fr)] lg:items-center lg:gap-16">
          <div>
            <p className="eyebrow text-aurora-300">{hero.eyebrow}</p>
            <h1
              id="hero-title"
              className="mt-4 text-[clamp(2.5rem,1.2rem+5.2vw,5.5rem)] font-semibold leading-[1.02] tracking-[-0.04em] text-white"
            >
              {hero.lead} <RotatingPhrase phrases={hero.phrases} isRunning={canAnimate && !isPaused} />
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-ink-200 sm:text-xl">{hero.intro}</p>
            <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Button asChild size="lg" className="bg-aurora-400 text-ink-950 hover:bg-aurora-300">
                <Link to={hero.primary.to}>{hero.primary.label}</Link>
              </Button>
              <Button asChild size="lg" variant="outline" className="border-white/30 bg-transparent text-white hover:bg-white/10">
                <Link to={hero.secondary.to}>{hero.secondary.label}</Link>
              </Button>
            </div>
          </div>
          <div
            aria-hidden="true"
            className="hidden lg:block"
            dangerouslySetInnerHTML={{ __html: panelHtml ?? "" }}
            suppressHydrationWarning
          />
        </div>
        <div className="mt-14 flex flex-col gap-6 border-t border-white/10 pt-8 sm:flex-row sm:items-end sm:justify-between">
          <FigureList items={stats} classes={statClasses} />
          {canAnimate ? <PhrasePauseButton isPaused={isPaused} onToggle={() => setPaused(!isPaused)} /> : null}
        </div>
      </div>
    </section>
  );
}

function ProjectsSection({ projects, section }: { projects: ProjectCardData[]; section: Content["projectsSection"] }) {
  return (
    <section aria-labelledby="projects-title" className="py-section">
      <div className="container-page">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex items-end gap-6 lg:gap-10">
            <span
              aria-hidden="true"
              className="text-outline hidden font-display text-[9rem] font-semibold leading-[0.78] tracking-tighter md:block"
            >
              {projects.length}
            </span>
            <SectionHeading id="projects-title" eyebrow="Portfolio" title={section.title}>
              <p>{section.intro}</p>
            </SectionHeading>
          </div>
          <Button asChild variant="outline" className="self-start sm:self-auto">
            <Link to="/projects">All projects</Link>
          </Button>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {projects.map((project, index) => (
            <li key={project.slug} className={cn(isWideCard(index) && "xl:col-span-2", index > 0 && "lazy-render") || undefined}>
              <ProjectCard project={project} isWide={isWideCard(index)} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
