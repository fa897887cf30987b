import { useState, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Link } from "react-router";
import { isAiConfigured } from "~/.server/ai";
import { aiPausedWording } from "~/content/ai-availability";
import { SectionHeading } from "~/components/section-heading";
import { ResultsBlock, StoryBlock, ToolsBlock, VisionBlock } from "~/features/home/components/home-sections";
import { Button } from "~/components/ui/button";
import { site } from "~/content/site";
import { LatestNewsSection } from "~/features/news/components/latest-news-section";
import { NewsletterSignup } from "~/features/newsletter/components/newsletter-signup";
import { keepPageDataAfterSignup } from "~/features/newsletter/keep-page-data";
import { loadHomeNews } from "~/features/news/read/load-news-page.server";
import { HeroPanel } from "~/features/home/components/hero-panel";
import { PhrasePauseButton, RotatingPhrase, useCanAnimate } from "~/features/home/components/rotating-phrase";
import { isWideCard, ProjectCard } from "~/features/projects/components/project-card";
import type { ProjectCardData } from "~/features/projects/project-card-data";
import { keepOnServer, useKeptMarkup } from "~/framework-workarounds/kept-markup";
import { cn } from "~/lib/cn";
import { contactDetailsIn } from "~/lib/contact-details";
import { publicUrlFrom, seo } from "~/lib/seo";
import { organization } from "~/lib/structured-data";
import { liveContent, pageIn } from "~/features/content/live.server";
import { toProjectCard } from "~/features/projects/project-card-data";
import { ProseProvider } from "~/components/prose";
import { proseMapOf } from "~/features/content/markdown.server";
import type { Route } from "./+types/home";

/**
 * The page's copy comes with the loader's data rather than in its JavaScript,
 * and so does the markup of the decorative hero panel (static, hidden from
 * assistive technology) and of the static sections: it is in the HTML either
 * way, and the browser need not download it a second time as code (the home
 * page's JavaScript budget, docs/performance.md). Nor as data: when the answer
 * is the page's document, that markup is kept on the server (`keepOnServer`,
 * decision 0200) and only a client-side navigation gets it as data.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { items } = await liveContent();
  const { hero, projectsSection, toolsSection, resultsSection } = pageIn(items, "home");
  const { story, vision, stats } = pageIn(items, "about");
  const founders = items.people;
  return {
    // The founders' names and roles only (the page's structured data); their story is in sectionsHtml.
    content: { hero, projectsSection, stats, founders: founders.map(({ name, role }) => ({ name, role })) },
    heroPanelHtml: keepOnServer(context, "home.heroPanel", renderToStaticMarkup(<HeroPanel />)),
    sectionsHtml: keepOnServer(context, "home.sections", {
      // Links only, no state: rendered here so the page's script carries neither its markup nor its icons.
      tools: renderToStaticMarkup(
        <ToolsBlock
          section={toolsSection}
          aiPaused={isAiConfigured() ? null : { note: aiPausedWording.homeNote, cardLabel: aiPausedWording.cardLabel }}
        />,
      ),
      story: renderToStaticMarkup(
        <ProseProvider prose={proseMapOf("pages", { story })}>
          <StoryBlock story={story} founders={founders} />
        </ProseProvider>,
      ),
      vision: renderToStaticMarkup(<VisionBlock vision={vision} />),
      results: renderToStaticMarkup(<ResultsBlock section={resultsSection} />),
    }),
    projects: items.projects.map(toProjectCard),
    latestNews: await loadHomeNews(),
  };
}

export const shouldRevalidate = keepPageDataAfterSignup;

type Content = Route.ComponentProps["loaderData"]["content"];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const publicUrl = publicUrlFrom(matches);
  return [
    ...seo({
      title: site.name,
      description: site.description,
      path: "/",
      publicUrl,
      image: "/images/og-default.jpg",
    }),
    organization(
      publicUrl ?? "",
      loaderData?.content.founders ?? [],
      contactDetailsIn(matches.find((match) => match?.id === "root")?.loaderData).email,
    ),
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
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
          <dl className="grid gap-6 sm:grid-cols-3 sm:gap-10">
            {stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse">
                <dt className="mt-1 max-w-[14rem] text-sm text-ink-300">{stat.label}</dt>
                <dd className="text-aurora font-display text-4xl font-semibold sm:text-5xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
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
