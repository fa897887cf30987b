import { ArrowUpRightIcon } from "lucide-react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { cn } from "~/lib/cn";
import { Badge } from "~/components/ui/badge";
import type { ProjectCardData } from "../project-card-data";

/** A project's tags as a list of badges. */
export function ProjectTags({ tags, className }: { tags: readonly string[]; className: string }) {
  return (
    <ul className={className} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Badge variant="accent">{tag}</Badge>
        </li>
      ))}
    </ul>
  );
}

/**
 * A portfolio card; the whole card is one link to the project page. The card, not the link
 * (a title inside it), draws the focus outline around its whole edge, in the site's focus colour
 * (app/app.css, decision 0186). Inside its edge (over the border): where a card fills the width
 * of a clipping parent (the home page's lazily rendered band on a phone), an outline outside it
 * would be cut off, as the former ring was.
 * `wide` cards span two columns of the three-column grid (xl): the artwork sits whole (never
 * cropped) on a night-sky panel beside the text, and the text column adds the project's result,
 * so ten cards fill four even rows.
 */
export function ProjectCard({
  project,
  headingLevel = "h3",
  isWide = false,
  isPriority = false,
}: {
  project: ProjectCardData;
  headingLevel?: "h2" | "h3";
  isWide?: boolean;
  /** The first card on a page that opens with the grid: its image is the largest paint. */
  isPriority?: boolean;
}) {
  const Heading = headingLevel;
  return (
    <article
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-ink-200 bg-white shadow-[var(--shadow-card)] transition-shadow hover:shadow-lg has-[a:focus-visible]:outline-3 has-[a:focus-visible]:-outline-offset-3 has-[a:focus-visible]:outline-violet-500",
        isWide && "xl:grid xl:grid-cols-[1.5fr_1fr]",
      )}
    >
      <div className={cn(isWide && "xl:bg-night xl:flex xl:items-center xl:border-r xl:border-ink-200 xl:p-6")}>
        <ResponsiveImage
          base={project.image}
          alt={project.alt}
          priority={isPriority}
          sizes={
            isWide
              ? "(min-width: 1280px) 420px, (min-width: 768px) 50vw, 100vw"
              : "(min-width: 1216px) 384px, (min-width: 768px) 50vw, 100vw"
          }
          className={cn("border-b border-ink-200", isWide && "xl:w-full xl:rounded-xl xl:border xl:border-white/15 xl:shadow-lg")}
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <ProjectTags tags={project.tags} className="flex flex-wrap gap-1.5" />
        <Heading className="mt-4 text-h3 font-semibold">
          <Link to={`/projects/${project.slug}`} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
            {project.title}
          </Link>
        </Heading>
        <p className="mt-2 text-ink-600">{project.description}</p>
        {isWide ? (
          <p className="mt-5 hidden border-l-2 border-aurora-500 pl-4 font-display text-lg font-medium leading-snug text-ink-950 xl:block">
            {project.outcome}
          </p>
        ) : null}
        <p className="mt-auto flex items-center gap-1 pt-5 text-sm font-semibold text-aurora-700" aria-hidden="true">
          View project <ArrowUpRightIcon className="size-4 transition-transform group-hover:-translate-y-0.5 group-hover:translate-x-0.5" />
        </p>
      </div>
    </article>
  );
}

/** In the three-column grid, the first and last of ten cards are wide (2 + 1, 3, 3, 1 + 2). */
export function isWideCard(index: number, count = 10): boolean {
  return count % 3 === 1 && (index === 0 || index === count - 1);
}
