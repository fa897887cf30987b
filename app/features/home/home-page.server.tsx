import { renderToStaticMarkup } from "react-dom/server";
import type { RouterContextProvider } from "react-router";
import { isAiConfigured } from "~/.server/ai";
import { ProseProvider } from "~/components/prose";
import { aiPausedWording } from "~/content/ai-availability";
import { pageIn, type Published } from "~/features/content/live.server";
import { proseMapOf } from "~/features/content/markdown.server";
import { loadHomeNews } from "~/features/news/read/load-news-page.server";
import { toProjectCard } from "~/features/projects/project-card-data";
import { keepOnServer } from "~/framework-workarounds/kept-markup";
import { HeroPanel } from "./components/hero-panel";
import { ResultsBlock, StoryBlock, ToolsBlock, VisionBlock } from "./components/home-sections";

/**
 * The home page's data from the published content `items` (routes/home.tsx; a draft's preview
 * passes the content with the draft in it). The page's copy comes with the loader's data rather
 * than in its JavaScript, and so does the markup of the decorative hero panel (static, hidden from
 * assistive technology) and of the static sections: it is in the HTML either way, and the browser
 * need not download it a second time as code (the home page's JavaScript budget,
 * docs/performance.md). Nor as data: when the answer is the page's document, that markup is kept
 * on the server (`keepOnServer`, decision 0200) and only a client-side navigation gets it as data.
 */
export async function loadHomePage(context: Readonly<RouterContextProvider>, items: Published) {
  const { hero, projectsSection, toolsSection, resultsSection } = pageIn(items, "home");
  const about = pageIn(items, "about");
  const { story, vision, stats } = about;
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
        <ProseProvider prose={proseMapOf("pages", about)}>
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

export type HomePageData = Awaited<ReturnType<typeof loadHomePage>>;
