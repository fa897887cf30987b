import { GraduationCapIcon, HandshakeIcon, MegaphoneIcon, RocketIcon } from "lucide-react";
import { Link } from "react-router";
import { CheckList } from "~/components/check-list";
import { FigureList, type FigureListClasses } from "~/components/figure-list";
import { PageHeader } from "~/components/page-header";
import { SectionHeading } from "~/components/section-heading";
import { Button } from "~/components/ui/button";
import type { ProgramPage } from "~/content/page-schema";
import type { Service, ServiceId } from "~/content/service-schema";

const icons: Record<ServiceId, typeof RocketIcon> = {
  marketing: MegaphoneIcon,
  development: RocketIcon,
  mentoring: GraduationCapIcon,
  partnerships: HandshakeIcon,
};

/** Who a service is for and how it works, under its summary. */
const termClasses: FigureListClasses = {
  list: "mt-6 grid gap-4 text-sm sm:grid-cols-2",
  label: "font-semibold text-ink-950",
  value: "mt-1 text-ink-600",
};

/** The services page: the four services and how the Free Build Program works (also a draft's preview). */
export function ServicesPage({ services, program }: { services: readonly Service[]; program: ProgramPage }) {
  return (
    <>
      <PageHeader eyebrow="What we offer" title="Services">
        <p>
          Four ways to work with us. Whichever you choose, you get senior people, a plan measured in hours saved, and a reply to your first
          message within 24 hours.
        </p>
      </PageHeader>
      <div className="container-page py-14">
        <nav aria-label="Services on this page">
          <ul className="flex flex-wrap gap-2">
            {services.map((service) => (
              <li key={service.id}>
                <a
                  href={`#${service.id}`}
                  className="inline-flex rounded-full border border-ink-200 bg-white px-4 py-2 text-sm font-medium text-ink-800 hover:border-aurora-500"
                >
                  {service.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-10 grid gap-8">
          {services.map((service, index) => {
            const Icon = icons[service.id];
            return (
              <section
                key={service.id}
                id={service.id}
                aria-labelledby={`${service.id}-title`}
                className="grid gap-8 rounded-[var(--radius-card)] border border-ink-200 bg-white p-7 shadow-[var(--shadow-card)] sm:p-10 lg:grid-cols-[1.1fr_1fr] lg:gap-14"
              >
                <div>
                  <div className="flex items-center gap-3">
                    <span className="inline-flex size-12 items-center justify-center rounded-xl bg-ink-950 text-aurora-300">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <span className="font-display text-sm font-semibold text-ink-500" aria-hidden="true">
                      0{index + 1}
                    </span>
                  </div>
                  <h2 id={`${service.id}-title`} className="mt-5 text-h2 font-semibold">
                    {service.name}
                  </h2>
                  <p className="mt-4 text-lg text-ink-700">{service.summary}</p>
                  <FigureList
                    items={[
                      { label: "Who it is for", value: service.audience },
                      { label: "How it works", value: service.terms },
                    ]}
                    classes={termClasses}
                  />
                </div>
                <div className="flex flex-col rounded-2xl bg-ink-50 p-6 sm:p-8">
                  <h3 className="text-base font-semibold">What is included</h3>
                  <CheckList items={service.includes} />
                  <Button asChild className="mt-8 self-start">
                    <Link to={service.cta.to}>{service.cta.label}</Link>
                  </Button>
                </div>
              </section>
            );
          })}
        </div>
      </div>
      <section aria-labelledby="program-title" className="page-band bg-night py-section text-white">
        <div className="container-page">
          <SectionHeading id="program-title" eyebrow="Selective" title="How the Free Build Program works" tone="dark">
            <p>
              {program.priority} {program.selectivity}
            </p>
          </SectionHeading>
          <ul className="mt-10 grid gap-5 md:grid-cols-3">
            {program.options.map((option) => (
              <li key={option.name} className="rounded-[var(--radius-card)] border border-white/10 bg-white/5 p-6">
                <h3 className="text-h3 font-semibold text-white">{option.name}</h3>
                <p className="mt-2 text-ink-200">{option.text}</p>
              </li>
            ))}
          </ul>
          <Button asChild size="lg" className="mt-10 bg-aurora-400 text-ink-950 hover:bg-aurora-300">
            <Link to="/apply">Pitch Your Idea</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
