import { ArrowRightIcon, BotMessageSquareIcon, MailIcon, MegaphoneIcon, SearchCheckIcon } from "lucide-react";
import { SectionHeading } from "~/components/section-heading";
import type { AboutPage, HomePage } from "~/content/page-schema";
import type { Founder } from "~/content/people-schema";
import { pictureSrc } from "~/lib/picture-src";
import { Paragraphs } from "~/components/prose";

/*
 * The home page's static middle sections: the origin story, the vision and "Built For Results".
 * They have no state, so the loader renders them to HTML once (like the hero panel) and the
 * page's JavaScript does not carry their markup (the home page's budget, docs/performance.md).
 * Links are plain <a> elements for the same reason: following one loads the next page.
 */

type Story = AboutPage["story"];
type Founders = readonly Founder[];
type Vision = AboutPage["vision"];
type Results = HomePage["resultsSection"];

/** The story as a timeline beside the text, and the founders as a row of portraits. */
export function StoryBlock({ story, founders }: { story: Story; founders: Founders }) {
  return (
    <div className="container-page grid gap-14 lg:grid-cols-[0.9fr_1.1fr] lg:gap-20">
      <div>
        <p className="eyebrow">Our story</p>
        <h2 id="story-title" className="mt-2 text-h2 font-semibold">
          {story.title}
        </h2>
        <ol className="timeline mt-10" aria-label="Milestones">
          {story.milestones.map((milestone) => (
            <li key={milestone.year} className="timeline-item">
              <span className="font-display text-sm font-semibold tracking-wide text-aurora-700">{milestone.year}</span>
              <p className="mt-1 text-ink-700">{milestone.text}</p>
            </li>
          ))}
        </ol>
      </div>
      <div>
        <div className="space-y-5 text-lg leading-relaxed text-ink-700">
          <Paragraphs path="story.paragraphs" paragraphs={story.paragraphs} />
        </div>
        <div className="mt-10 flex flex-col gap-6 border-t border-ink-200 pt-8 sm:flex-row sm:items-center sm:justify-between">
          <ul className="flex items-center" aria-label="Founders">
            {founders.map((founder) => (
              <li key={founder.name} className="-ml-3 first:ml-0">
                <img
                  src={pictureSrc(founder.portrait)}
                  alt={`${founder.name}, ${founder.role}`}
                  title={founder.name}
                  width={64}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  className="size-16 rounded-full border-4 border-ink-50 bg-ink-100"
                />
              </li>
            ))}
          </ul>
          <a href="/about" className="ui-button ui-button-outline ui-button-md self-start sm:self-auto">
            Meet the founders
          </a>
        </div>
      </div>
    </div>
  );
}

/** The founders' quote, set large across the band; the vision beneath it. */
export function VisionBlock({ vision }: { vision: Vision }) {
  return (
    <div className="container-page">
      <p className="eyebrow text-aurora-300">Where we are going</p>
      <figure className="mt-8">
        <blockquote className="max-w-5xl font-display text-[clamp(1.75rem,1.1rem+2.6vw,3.25rem)] font-medium leading-[1.12] tracking-tight text-white">
          <p>
            <span aria-hidden="true" className="text-aurora">
              “
            </span>
            {vision.quote}
            <span aria-hidden="true" className="text-aurora">
              ”
            </span>
          </p>
        </blockquote>
        <figcaption className="mt-6 text-sm font-medium text-aurora-300">{vision.quoteBy}</figcaption>
      </figure>
      <div className="mt-14 grid gap-6 border-t border-white/10 pt-10 md:grid-cols-[0.5fr_1fr] md:gap-12">
        <h2 id="vision-title" className="text-h3 font-semibold text-white sm:text-2xl">
          {vision.title}
        </h2>
        <p className="max-w-2xl text-lg text-ink-200">{vision.text}</p>
      </div>
    </div>
  );
}

/** Three numbered cards beside the heading, each with its link. */
export function ResultsBlock({ section }: { section: Results }) {
  return (
    <div className="container-page grid gap-12 lg:grid-cols-[0.8fr_1.2fr] lg:gap-20">
      <div className="lg:sticky lg:top-24 lg:self-start">
        <p className="eyebrow">Work with us</p>
        <h2 id="results-title" className="mt-2 text-h2 font-semibold">
          {section.title}
        </h2>
        <p className="mt-4 text-lg text-ink-600">{section.intro}</p>
      </div>
      <ol className="grid gap-4">
        {section.cards.map((card, index) => (
          <li
            key={card.title}
            className="results-card group relative grid gap-2 rounded-[var(--radius-card)] border border-ink-200 bg-white p-6 sm:grid-cols-[4.5rem_1fr_auto] sm:items-center sm:gap-6 sm:p-7"
          >
            <span aria-hidden="true" className="font-display text-4xl font-semibold text-aurora-600">
              {String(index + 1).padStart(2, "0")}
            </span>
            <div>
              <h3 className="text-h3 font-semibold">{card.title}</h3>
              <p className="mt-1 text-ink-600">{card.text}</p>
            </div>
            <a
              href={card.to}
              className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-aurora-700 after:absolute after:inset-0 after:content-[''] hover:underline sm:mt-0"
            >
              {card.linkLabel} <ArrowRightIcon aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
            </a>
          </li>
        ))}
      </ol>
    </div>
  );
}

const toolIcons = { secretary: BotMessageSquareIcon, seo: SearchCheckIcon, email: MailIcon, linkedin: MegaphoneIcon };

/** The four free tools, each a link to its tab on /try-ai; with no AI provider, the paused wording (app/content/ai-availability.ts). */
export function ToolsBlock({
  section,
  aiPaused,
}: {
  section: HomePage["toolsSection"];
  aiPaused: { note: string; cardLabel: string } | null;
}) {
  return (
    <div className="container-page">
      <SectionHeading id="tools-title" eyebrow="Free" title={section.title}>
        <p>{section.intro}</p>
        {aiPaused ? (
          <p className="mt-2" data-testid="ai-tools-paused">
            {aiPaused.note}
          </p>
        ) : null}
      </SectionHeading>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {section.tools.map((tool) => {
          const Icon = toolIcons[tool.id];
          return (
            <li key={tool.id}>
              <a
                href={`/try-ai#${tool.id}`}
                className="group flex h-full flex-col rounded-[var(--radius-card)] border border-ink-200 bg-ink-50 p-6 transition-colors hover:border-aurora-500 hover:bg-white"
              >
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-ink-950 text-aurora-300">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="mt-5 font-display text-h3 font-semibold text-ink-950">{tool.title}</span>
                <span className="mt-2 text-ink-600">{tool.text}</span>
                <span className="mt-auto flex items-center gap-1 pt-5 text-sm font-semibold text-aurora-700">
                  {aiPaused ? aiPaused.cardLabel : "Try it free"}{" "}
                  <ArrowRightIcon aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
