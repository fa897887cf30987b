import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { lightLucideRuntime } from "./app/framework-workarounds/lucide-vite-plugin";

export default defineConfig({
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Shared chunks are named after every route that uses them ("ui~root~home~..."): keep file names short.
            chunkFileNames: (chunk) => (chunk.name.includes("~") ? `assets/${chunk.name.split("~")[0]}-[hash].js` : "assets/[name]-[hash].js"),
            codeSplitting: {
              // Fewer, larger files: each script a page loads costs a request and compresses on its
              // own, so a dozen small shared chunks cost a home page about 4 KB (gzip) more than the
              // same code in a few files (decision 0081, docs/performance.md).
              groups: [
                // React, React DOM and React Router: every page needs all of it.
                { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/, priority: 2 },
                // Icons used by more than one page, grouped by the pages that use them.
                {
                  name: "ui",
                  test: /lucide-react[\\/]dist[\\/]esm[\\/]icons/,
                  tags: ["$initial"],
                  minShareCount: 2,
                  entriesAware: true,
                  entriesAwareMergeThreshold: 20000,
                  priority: 2,
                },
                // The small modules nearly every page uses (UI primitives, helpers, the site's links,
                // cards and pictures), in one file.
                {
                  name: "common",
                  test: /[\\/]app[\\/](framework-workarounds[\\/]lucide-icon\.ts|lib[\\/](cn|use-hydrated|seo|structured-data|notify)\.ts|content[\\/]site\.ts|components[\\/](ui[\\/](button|card|badge|skeleton|input|field|slot)|section-heading|nav-link-class|page-header|responsive-image)\.tsx?|features[\\/](projects[\\/]components[\\/]project-card|home[\\/]components[\\/]vision-quote)\.tsx|features[\\/]newsletter[\\/]schema\.ts)|node_modules[\\/](clsx|class-variance-authority)[\\/]/,
                  tags: ["$initial"],
                  minShareCount: 2,
                  priority: 1,
                },
                // The news list and the newsletter sign-up, which the home page and /ai-news both show.
                {
                  name: "news",
                  test: /[\\/]app[\\/]features[\\/](news[\\/](components[\\/](use-news-list|news-card|news-skeleton|refresh-news-button|news-empty)|schema)|newsletter[\\/]components[\\/]newsletter-signup)\.tsx?$/,
                  tags: ["$initial"],
                  minShareCount: 2,
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
