import type { z } from "zod";
import { initialLegalDocuments } from "~/content/legal";
import { legalDocumentSchema, type LegalDocument } from "~/content/legal-schema";
import { withLastChanged } from "~/content/legal-text";
import { projectSchema, type Project } from "~/content/project-schema";
import { initialProjects } from "~/content/projects";
import { referenceKeyOf, referenceSchema, type Reference } from "~/content/reference-schema";
import { initialReferences } from "~/content/references";
import { PAGE_PATHS, pageSchema, type SitePage } from "~/content/page-schema";
import { initialPages } from "~/content/pages";
import { founderSchema, partnerSchema, type Founder, type Partner } from "~/content/people-schema";
import { serviceSchema, type Service } from "~/content/service-schema";
import { initialServices } from "~/content/services";
import { initialFounders, initialPartners } from "~/content/studio";

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
  /** Items are added by the editor and ordered (projects); otherwise the kind has a fixed set. */
  growable: boolean;
  /** What publishing does to the fields besides putting them on the site (a legal page's date). */
  beforePublish?: (next: T, previous: T | null, today: string) => T;
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
    growable: true,
  } satisfies ContentTypeInfo<Project>,
  legal: {
    schema: legalDocumentSchema,
    keyOf: (document) => document.slug,
    titleOf: (document) => document.title,
    label: "Legal pages",
    singular: "legal page",
    publicPath: (key) => `/${key}`,
    initial: initialLegalDocuments,
    growable: false,
    beforePublish: withLastChanged,
  } satisfies ContentTypeInfo<LegalDocument>,
  references: {
    schema: referenceSchema,
    keyOf: referenceKeyOf,
    titleOf: (reference) => reference.title,
    label: "References",
    singular: "reference",
    publicPath: (key) => `/references/${key}`,
    initial: initialReferences,
    growable: false,
  } satisfies ContentTypeInfo<Reference>,
  services: {
    schema: serviceSchema,
    keyOf: (service) => service.id,
    titleOf: (service) => service.name,
    label: "Services",
    singular: "service",
    publicPath: (key) => `/services#${key}`,
    initial: initialServices,
    growable: false,
  } satisfies ContentTypeInfo<Service>,
  pages: {
    schema: pageSchema,
    keyOf: (page) => page.page,
    titleOf: (page) => PAGE_TITLES[page.page],
    label: "Pages",
    singular: "page",
    publicPath: (key) => PAGE_PATHS[key as SitePage["page"]] ?? "/",
    initial: initialPages,
    growable: false,
  } satisfies ContentTypeInfo<SitePage>,
  people: {
    schema: founderSchema,
    keyOf: (founder) => founder.slug,
    titleOf: (founder) => founder.name,
    label: "Founders",
    singular: "founder",
    publicPath: () => "/about",
    initial: initialFounders,
    growable: true,
  } satisfies ContentTypeInfo<Founder>,
  partners: {
    schema: partnerSchema,
    keyOf: (partner) => partner.slug,
    titleOf: (partner) => partner.name,
    label: "Previous partners",
    singular: "partner",
    publicPath: () => "/about",
    initial: initialPartners,
    growable: true,
  } satisfies ContentTypeInfo<Partner>,
};

const PAGE_TITLES: Record<SitePage["page"], string> = {
  home: "Home page",
  about: "About page",
  mentoring: "Mentoring page",
  program: "Free Build Program",
  contact: "Contact details",
};

export type ContentType = keyof typeof CONTENT_TYPES;
export type FieldsOf<T extends ContentType> = z.infer<(typeof CONTENT_TYPES)[T]["schema"]>;

export function isContentType(value: string | undefined): value is ContentType {
  return value !== undefined && Object.hasOwn(CONTENT_TYPES, value);
}

/** A kind's description with its fields as plain records: for code that handles every kind alike. */
export function contentType(type: ContentType): ContentTypeInfo<Record<string, unknown>> {
  return CONTENT_TYPES[type] as unknown as ContentTypeInfo<Record<string, unknown>>;
}
