import type { Project } from "~/content/project-schema";

/** What a portfolio card shows: loaders send only this, so the full case studies stay out of the browser bundle. */
export type ProjectCardData = Pick<Project, "slug" | "title" | "tags" | "description" | "image" | "alt" | "outcome">;

export function toProjectCard({ slug, title, tags, description, image, alt, outcome }: Project): ProjectCardData {
  return { slug, title, tags, description, image, alt, outcome };
}
