import { Fragment, type ReactNode } from "react";
import { PageHeader } from "~/components/page-header";
import type { LegalDocument } from "~/content/legal-schema";
import { legalEntity } from "~/content/legal";
import { publicUrlFrom, seo } from "~/lib/seo";

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;
/** Names of cookies and link parameters (cookie_consent, utm_source): shown as code. */
const IDENTIFIER = /\b([a-z]+(?:_[a-z]+)+)\b/g;

/**
 * Plain text with e-mail addresses turned into mailto links and identifiers set as code (in the
 * system's monospace font, which also spares the page the text font's file for "_", decision 0200).
 */
function withEmailLinks(text: string): ReactNode {
  return text.split(EMAIL).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={`mailto:${part}`} className="font-medium text-aurora-700 underline underline-offset-2">
        {part}
      </a>
    ) : (
      <Fragment key={index}>
        {part.split(IDENTIFIER).map((piece, pieceIndex) =>
          pieceIndex % 2 === 1 ? (
            <code key={pieceIndex} className="font-mono text-[0.9em] text-ink-900">
              {piece}
            </code>
          ) : (
            piece
          ),
        )}
      </Fragment>
    ),
  );
}

function sectionId(title: string): string {
  return title
    .toLowerCase()
    .replace(/^\d+\.\s*/, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** One legal document: header with the "Last updated" date, contents list and numbered sections. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const lastUpdated = legalDateLabel(document.lastChanged.date);
  return (
    <>
      <PageHeader eyebrow="Legal" title={document.title}>
        <p>{document.intro}</p>
        <p className="mt-4 text-base">
          Last updated: <time dateTime={lastUpdated.iso}>{lastUpdated.label}</time>
        </p>
      </PageHeader>
      <div className="container-page grid gap-12 py-14 lg:grid-cols-[16rem_1fr] lg:gap-16">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-sm font-semibold text-ink-950">On this page</p>
          <ol className="mt-3 space-y-2 text-sm">
            {document.sections.map((section) => (
              <li key={section.title}>
                <a href={`#${sectionId(section.title)}`} className="text-ink-600 hover:text-ink-950 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10">
          {document.sections.map((section) => (
            <section key={section.title} aria-labelledby={sectionId(section.title)}>
              <h2 id={sectionId(section.title)} className="text-2xl font-semibold">
                {section.title}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 32)} className="mt-3 leading-relaxed text-ink-700">
                  {withEmailLinks(paragraph)}
                </p>
              ))}
              {section.items ? (
                <ul className="mt-3 list-disc space-y-1.5 pl-6 leading-relaxed text-ink-700">
                  {section.items.map((item) => (
                    <li key={item}>{withEmailLinks(item)}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
          <p className="border-t border-ink-200 pt-6 text-sm text-ink-600">
            {legalEntity.name}, {legalEntity.address}. Contact: {withEmailLinks(legalEntity.contactEmail)}
          </p>
        </div>
      </div>
    </>
  );
}

/** A legal text's date for "Last updated" (its `lastChanged` in app/content/legal.ts), the same on the server and in the browser. */
export function legalDateLabel(date: string): { iso: string; label: string } {
  return {
    iso: date,
    label: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${date}T12:00:00Z`),
    ),
  };
}

/** A legal page's meta function: the document's title and description, with `path` as the canonical URL. */
export function legalPageMeta(path: string) {
  return ({
    loaderData,
    matches,
  }: {
    loaderData: { document: LegalDocument } | undefined;
    matches: Parameters<typeof publicUrlFrom>[0];
  }) =>
    loaderData
      ? seo({
          title: loaderData.document.title,
          description: loaderData.document.description,
          path,
          publicUrl: publicUrlFrom(matches),
        })
      : [];
}
