import type { z } from "zod";
import { projectSchema, type Project } from "~/content/project-schema";
import { initialProjects } from "~/content/projects";

/**
 * The kinds of content the studio edits in the admin (docs/content.md): each one's fields are one
 * zod schema, which the editor's form, the JSON API and the first-start import all check.
 */
export type ContentTypeInfo<T> = {
  schema: z.ZodType<T>;
  /** The item's address among its kind (a project's slug). */
  keyOf: (fields: T) => string;
  titleOf: (fields: T) => string;
  /** "Projects", "project". */
  label: string;
  singular: string;
  /** The public page that shows an item, if it has one of its own. */
  publicPath: (key: string) => string;
  /** What the site showed before its content was in the database: imported on first start. */
  initial: readonly T[];
};

export const CONTENT_TYPES = {
  projects: {
    schema: projectSchema,
    keyOf: (project) => project.slug,
    titleOf: (project) => project.title,
    label: "Projects",
    singular: "project",
    publicPath: (key) => `/projects/${key}`,
    initial: initialProjects,
  } satisfies ContentTypeInfo<Project>,
};

export type ContentType = keyof typeof CONTENT_TYPES;
export type FieldsOf<T extends ContentType> = z.infer<(typeof CONTENT_TYPES)[T]["schema"]>;

export function isContentType(value: string | undefined): value is ContentType {
  return value !== undefined && Object.hasOwn(CONTENT_TYPES, value);
}
