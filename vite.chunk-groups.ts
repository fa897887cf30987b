import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Which of our modules share a chunk in the client build (vite.config.ts,
 * `codeSplitting.groups`; decision 0193). Chosen by folder where a folder says
 * it, by an explicit list of paths otherwise: never by a pattern over file
 * names, so renaming or moving a file cannot quietly move it to another chunk.
 * tests/support/chunk-groups.test.ts fails when a listed path no longer exists.
 */

const root = path.dirname(fileURLToPath(import.meta.url));

/** The module's path from the repository root, with forward slashes; null outside it or for a virtual module. */
function repoPath(id: string): string | null {
  if (id.startsWith("\0")) return null;
  const relative = path.relative(root, id.split("?")[0]!).split(path.sep).join("/");
  return relative.startsWith("../") ? null : relative;
}

/**
 * The small modules nearly every page uses (UI primitives, helpers, the site's
 * links, cards and pictures): one "common" file. Kept as a list because their
 * folders (app/components, app/lib) also hold modules only a few pages need
 * (dialogs, selects, form helpers), which would make every page heavier.
 */
export const COMMON_CHUNK_MODULES = [
  "app/lib/cn.ts",
  "app/lib/use-hydrated.ts",
  "app/lib/seo.ts",
  "app/lib/structured-data.ts",
  "app/lib/notify.ts",
  "app/content/site.ts",
  "app/lib/contact-details.ts",
  "app/components/ui/button.tsx",
  "app/components/ui/card.tsx",
  "app/components/ui/badge.tsx",
  "app/components/ui/skeleton.tsx",
  "app/components/ui/input.tsx",
  "app/components/ui/field.tsx",
  "app/components/ui/slot.tsx",
  "app/components/section-heading.tsx",
  "app/components/nav-link-class.ts",
  "app/components/page-header.tsx",
  "app/components/figure-list.tsx",
  "app/components/check-list.tsx",
  "app/components/responsive-image.tsx",
  "app/components/honeypot-field.tsx",
  "app/lib/form-traps.ts",
  "app/features/projects/components/project-card.tsx",
  "app/features/newsletter/schema.ts",
] as const;

/** Packages that go with them (the class-name helpers of the UI primitives). */
export const COMMON_CHUNK_PACKAGES = ["clsx", "class-variance-authority"] as const;

/**
 * The news list and the newsletter sign-up, which the home page and /ai-news
 * both show: every module under these folders that two pages share (with what
 * it imports, unless an earlier group took it).
 */
export const NEWS_CHUNK_FOLDERS = ["app/features/news/", "app/features/newsletter/"] as const;

const common = new Set<string>(COMMON_CHUNK_MODULES);

export function inCommonChunk(id: string): boolean {
  const file = repoPath(id);
  if (file !== null && common.has(file)) return true;
  const slashed = id.split(path.sep).join("/");
  return COMMON_CHUNK_PACKAGES.some((name) => slashed.includes(`/node_modules/${name}/`));
}

export function inNewsChunk(id: string): boolean {
  const file = repoPath(id);
  return file !== null && NEWS_CHUNK_FOLDERS.some((folder) => file.startsWith(folder));
}
