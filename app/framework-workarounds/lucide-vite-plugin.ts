import path from "node:path";
import type { Plugin } from "vite";

/**
 * lucide-react's icon files with our small runtime instead of lucide's
 * (./lucide-icon.ts, decision 0081). Production builds only, client and server
 * alike (lucide-react is bundled into the server build, vite.config.ts), so the
 * server renders exactly what the browser hydrates. Depends on the layout of
 * lucide-react's ESM files: see README.md in this folder before upgrading.
 */
/**
 * Where lucide-react keeps one file per icon (`dist/esm/icons/*.mjs`): the
 * plugin below rewrites these files, and vite.config.ts groups the icons pages
 * share into the "ui" chunk by it.
 */
export const lucideIconFile = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

export function lightLucideRuntime(): Plugin {
  const runtime = path.resolve(import.meta.dirname, "lucide-icon.ts");
  return {
    name: "nordlys:light-lucide-runtime",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer && lucideIconFile.test(importer)) return runtime;
      return null;
    },
    transform(code, id) {
      if (!lucideIconFile.test(id)) return null;
      return { code: slimIconFile(code), map: null };
    },
  };
}

/**
 * One of lucide's icon files without what our runtime does not need: the React
 * keys (children are passed as arguments), the default size of 24, and the
 * bare `__iconData.node;` statement the files end with.
 */
export function slimIconFile(code: string): string {
  return code
    .replace(/,\s*key: "[^"]*"/g, "")
    .replace(/\n\s*size: 24,/, "")
    .replace(/^__iconData\.node;$/m, "");
}
