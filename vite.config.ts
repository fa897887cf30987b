import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { defineConfig, minify, transformWithOxc, type Plugin } from "vite";

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
  plugins: [standaloneScript(), lightLucideRuntime(), tailwindcss(), reactRouter()],
});
