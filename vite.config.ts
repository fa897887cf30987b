import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { defineConfig, minify, transformWithOxc, type Plugin } from "vite";
import { lightLucideRuntime, lucideIconFile } from "./app/framework-workarounds/lucide-vite-plugin.ts";
import { inCommonChunk, inNewsChunk } from "./vite.chunk-groups.ts";

/**
 * `import url from "./some-script.ts?standalone"`: the file as a classic script of its own,
 * compiled and minified, at `/assets/<name>-<hash>.js` (the hash of its content, so it is
 * cached for a year like every asset). Not part of any page's module graph: the page loads it
 * with a `<script async src>`. Used for the page-view beacon (docs/analytics.md). In
 * development the same code is served from memory at `/assets/<name>-dev.js`.
 */
function standaloneScript(): Plugin {
  const suffix = "?standalone";
  const devScripts = new Map<string, string>();
  let isBuild = false;
  async function compile(file: string): Promise<string> {
    const source = await fs.readFile(file, "utf8");
    const { code } = await transformWithOxc(source, file, { lang: "ts", target: "es2019" });
    const minified = await minify(file.replace(/\.ts$/, ".js"), code, { compress: true, mangle: { toplevel: true } });
    if (minified.errors.length) throw new Error(`${file}: ${minified.errors.map((error) => error.message).join("; ")}`);
    return minified.code.trim();
  }
  return {
    name: "nordlys:standalone-script",
    enforce: "pre",
    configResolved(config) {
      isBuild = config.command === "build";
    },
    async resolveId(source, importer) {
      if (!source.endsWith(suffix)) return null;
      const resolved = await this.resolve(source.slice(0, -suffix.length), importer, { skipSelf: true });
      return resolved ? `\0${resolved.id}${suffix}` : null;
    },
    async load(id) {
      if (!id.startsWith("\0") || !id.endsWith(suffix)) return null;
      const file = id.slice(1, -suffix.length);
      this.addWatchFile(file);
      const code = await compile(file);
      const name = path.basename(file).replace(/\.[cm]?[jt]s$/, "");
      if (!isBuild) {
        devScripts.set(`/assets/${name}-dev.js`, code);
        return `export default ${JSON.stringify(`/assets/${name}-dev.js`)};`;
      }
      const hash = createHash("sha256").update(code).digest("base64url").replace(/[-_]/g, "").slice(0, 8);
      const fileName = `assets/${name}-${hash}.js`;
      this.emitFile({ type: "asset", fileName, source: code });
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const code = devScripts.get((req.url ?? "").split("?")[0] ?? "");
        if (!code) return next();
        res.setHeader("Content-Type", "text/javascript; charset=utf-8");
        res.end(code);
      });
    },
  };
}

/**
 * Worker threads' entry files in the server build (`build/server/<fileName>`), beside index.js:
 * React Router names every entry of the server build index.js, so each is emitted as a chunk
 * with a file name of its own. The code that starts a worker finds it there (the news worker:
 * app/features/news/fetch/news-worker-pool.server.ts, decision 0176); from source, it runs the .ts file.
 */
function serverWorkerEntries(entries: Record<string, string>): Plugin {
  return {
    name: "nordlys:server-worker-entries",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      for (const [fileName, id] of Object.entries(entries)) this.emitFile({ type: "chunk", id, fileName });
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
            chunkFileNames: (chunk) =>
              chunk.name.includes("~") ? `assets/${chunk.name.split("~")[0]}-[hash].js` : "assets/[name]-[hash].js",
            codeSplitting: {
              // Fewer, larger files: each script a page loads costs a request and compresses on its
              // own, so a dozen small shared chunks cost a home page about 4 KB (gzip) more than the
              // same code in a few files (decision 0081, docs/performance.md).
              groups: [
                // React, React DOM and React Router: every page needs all of it.
                { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/, priority: 2 },
                // Icons used by more than one page, grouped by the pages that use them (lucide's
                // file layout: app/framework-workarounds/README.md).
                {
                  name: "ui",
                  test: lucideIconFile,
                  tags: ["$initial"],
                  minShareCount: 2,
                  entriesAware: true,
                  entriesAwareMergeThreshold: 20000,
                  priority: 2,
                },
                // Our shared modules: which ones is decided in vite.chunk-groups.ts (by folder or by
                // an explicit list, never by file-name patterns; decision 0193).
                // The small modules nearly every page uses, in one file.
                { name: "common", test: inCommonChunk, tags: ["$initial"], minShareCount: 2, priority: 1 },
                // The news list and the newsletter sign-up, which the home page and /ai-news both show.
                { name: "news", test: inNewsChunk, tags: ["$initial"], minShareCount: 2, priority: 1 },
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
  // Bundled (and tree-shaken) into the server build: lucide for its icons, React Email so only
  // the few components the mails use are loaded, not the whole collection (Tailwind, Prism...).
  ssr: { noExternal: ["lucide-react", /^@react-email\//] },
  resolve: { tsconfigPaths: true },
  build: {
    // The pictures under app/images/ (the two skylines and the favicon, 0.3-2 KB compressed) travel
    // inside the stylesheet or the page as data: URLs: as files of their own each was one more
    // request (and connection) the first screen waited for (decision 0199). Fonts never: a page
    // fetches the small ones only when it draws their characters (decision 0200), and the
    // Content-Security-Policy takes fonts from the site only. Other assets keep Vite's default.
    assetsInlineLimit: (file) => {
      const name = file.split(path.sep).join("/");
      if (name.includes("/app/images/")) return true;
      return name.endsWith(".woff2") ? false : undefined;
    },
  },
  plugins: [
    standaloneScript(),
    lightLucideRuntime(),
    tailwindcss(),
    reactRouter(),
    serverWorkerEntries({
      "news-worker.js": "./app/features/news/fetch/news-worker.ts",
    }),
  ],
});
