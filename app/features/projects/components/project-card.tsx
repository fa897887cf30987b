import { ArrowUpRightIcon } from "lucide-react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { Badge } from "~/components/ui/badge";
import type { Project } from "~/content/projects";

/** A portfolio card; the whole card is one link to the project page. */
export function ProjectCard({ project, headingLevel = "h3" }: { project: Project; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-ink-200 bg-white shadow-[var(--shadow-card)] transition-shadow hover:shadow-lg focus-within:ring-2 focus-within:ring-violet-500">
      <ResponsiveImage
        base={project.image}
        alt={project.alt}
        sizes="(min-width: 1216px) 384px, (min-width: 768px) 50vw, 100vw"
        className="border-b border-ink-200"
      />
      <div className="flex flex-1 flex-col p-6">
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {project.tags.map((tag) => (
            <li key={tag}>
              <Badge variant="accent">{tag}</Badge>
            </li>
          ))}
        </ul>
        <Heading className="mt-4 text-h3 font-semibold">
          <Link
            to={`/projects/${project.slug}`}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {project.title}
          </Link>
        </Heading>
        <p className="mt-2 text-ink-600">{project.description}</p>
        <p className="mt-auto flex items-center gap-1 pt-5 text-sm font-semibold text-aurora-700" aria-hidden="true">
          View project <ArrowUpRightIcon className="size-4 transition-transform group-hover:-translate-y-0.5 group-hover:translate-x-0.5" />
        </p>
      </div>
    </article>
  );
}
