import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { SectionHeading } from "~/components/section-heading";
import { Button } from "~/components/ui/button";
import type { AboutPage as AboutPageCopy } from "~/content/page-schema";
import type { Founder, Partner } from "~/content/people-schema";
import { pictureSrc } from "~/lib/picture-src";
import { VisionQuote } from "~/features/home/components/vision-quote";
import { Paragraphs } from "~/components/prose";
import { FigureList, type FigureListClasses } from "~/components/figure-list";

/** A stored picture below the fold, loaded lazily. */
function LazyPicture(props: { path: string; alt: string; width: number; height: number; className: string }) {
  const { path, alt, width, height, className } = props;
  return <img src={pictureSrc(path)} alt={alt} width={width} height={height} loading="lazy" decoding="async" className={className} />;
}

/** The stats as cards, each figure above its label. */
const statCards: FigureListClasses = {
  list: "grid gap-4",
  item: "flex flex-col-reverse rounded-[var(--radius-card)] border border-ink-200 bg-white p-6",
  label: "mt-1 text-ink-600",
  value: "font-display text-4xl font-semibold text-ink-950",
};

/** The about page: its copy, the founders and the previous partners (also a draft's preview). */
export function AboutPage({
  page,
  founders,
  partners,
}: {
  page: AboutPageCopy;
  founders: readonly Founder[];
  partners: readonly Partner[];
}) {
  const { intro, story, stats, vision } = page;
  return (
    <>
      <PageHeader eyebrow="About Nordlys Studio" title="About us">
        <p>{intro}</p>
      </PageHeader>

      <section aria-labelledby="story-title" className="container-page grid gap-12 py-section lg:grid-cols-[1.2fr_0.8fr] lg:gap-20">
        <div>
          <SectionHeading id="story-title" eyebrow="Our story" title={story.title} />
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-ink-700">
            <Paragraphs path="story.paragraphs" paragraphs={story.paragraphs} />
          </div>
        </div>
        <div className="space-y-6 lg:pt-12">
          <FigureList items={stats} classes={statCards} />
        </div>
      </section>

      <section aria-labelledby="founders-title" className="border-y border-ink-200 bg-white py-section">
        <div className="container-page">
          <SectionHeading id="founders-title" eyebrow="The team" title="Founders">
            <p>The three people you will work with, from the first call to the handover.</p>
          </SectionHeading>
          <ul className="mt-12 grid gap-8 md:grid-cols-3">
            {founders.map((founder) => (
              <li key={founder.name}>
                <article className="flex h-full flex-col">
                  <LazyPicture
                    path={founder.portrait}
                    alt={founder.portraitAlt}
                    width={400}
                    height={400}
                    className="aspect-square w-full rounded-[var(--radius-card)] object-cover"
                  />
                  <h3 className="mt-5 text-h3 font-semibold">{founder.name}</h3>
                  <p className="text-sm font-medium text-aurora-700">{founder.role}</p>
                  <p className="mt-3 text-ink-700">{founder.bio}</p>
                  <ul className="mt-4 flex flex-wrap gap-1.5" aria-label={`${founder.name}'s focus`}>
                    {founder.focus.map((item) => (
                      <li key={item} className="rounded-full bg-ink-100 px-2.5 py-0.5 text-xs font-semibold text-ink-800">
                        {item}
                      </li>
                    ))}
                  </ul>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="vision-title" className="container-page py-section">
        <div className="grid gap-10 lg:grid-cols-2 lg:gap-20">
          <SectionHeading id="vision-title" eyebrow="Where we are going" title={vision.title}>
            <p>{vision.text}</p>
          </SectionHeading>
          <VisionQuote vision={vision} className="bg-ink-950 text-white" />
        </div>
      </section>

      <section aria-labelledby="partners-title" className="page-band border-t border-ink-200 bg-white py-section">
        <div className="container-page">
          <SectionHeading id="partners-title" eyebrow="Trusted by" title="Previous partners" align="center">
            <p>Companies we have designed and built AI products with.</p>
          </SectionHeading>
          <ul className="mt-12 grid grid-cols-2 gap-4 md:grid-cols-3">
            {partners.map((partner) => (
              <li
                key={partner.name}
                className="flex flex-col items-center justify-center gap-2 rounded-[var(--radius-card)] border border-ink-200 bg-ink-50 px-4 py-6"
              >
                <LazyPicture path={partner.logo} alt={partner.name} width={240} height={72} className="h-auto w-full max-w-[200px]" />
                <span className="text-xs font-medium uppercase tracking-wider text-ink-600">{partner.sector}</span>
              </li>
            ))}
          </ul>
          <div className="mt-14 text-center">
            <Button asChild size="lg">
              <Link to="/contact">Work with us</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
