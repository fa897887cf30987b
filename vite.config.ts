import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

/**
 * lucide-react's icon files with our small runtime instead of lucide's
 * (app/lib/lucide-icon.ts, decision 0081). Production builds only, client and
 * server alike (lucide-react is bundled into the server build below), so the
 * server renders exactly what the browser hydrates.
 */
function lightLucideRuntime(): Plugin {
  const runtime = path.resolve(import.meta.dirname, "app/lib/lucide-icon.ts");
  const lucideIcon = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
  return {
    name: "nordlys:light-lucide-runtime",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer && lucideIcon.test(importer)) return runtime;
      return null;
    },
    // The React keys in lucide's icon data are not needed by our runtime (children are passed as arguments).
    transform(code, id) {
      if (!lucideIcon.test(id)) return null;
      return { code: code.replace(/,\s*key: "[^"]*"/g, ""), map: null };
    },
  };
}

export default defineConfig({
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Shared chunks are named after every route that uses them ("ui~root~home~..."): keep file names short.
            chunkFileNames: (chunk) => (chunk.name.includes("~") ? `assets/${chunk.name.split("~")[0]}-[hash].js` : "assets/[name]-[hash].js"),
            codeSplitting: {
              // React, React DOM and React Router in one chunk: every page needs all of it, and one
              // file compresses better and costs one request instead of five (decision 0081).
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/, priority: 2 },
                {
                  name: "ui",
                  test: /lucide-react[\\/]dist[\\/]esm[\\/]icons|[\\/]app[\\/]lib[\\/](lucide-icon|cn|use-hydrated)\.ts|[\\/]app[\\/]components[\\/](ui[\\/](button|card|badge|skeleton|input|field|slot)|section-heading|nav-link-class)\.tsx?|node_modules[\\/](clsx|class-variance-authority)[\\/]/,
                  tags: ["$initial"],
                  minShareCount: 2,
                  entriesAware: true,
                  entriesAwareMergeThreshold: 20000,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
    // The server bundle's entry is our Express app (server/app.ts), which imports
    // React Router's virtual server build; server/main.ts loads and runs it.
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
  ssr: { noExternal: ["lucide-react"] },
  resolve: { tsconfigPaths: true },
  plugins: [lightLucideRuntime(), tailwindcss(), reactRouter()],
});
