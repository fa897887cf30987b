/**
 * Renders every public page of the production build twice, in one process against one database
 * (DATABASE_URL, fresh): from the content in `app/content` as the code has it, and from what the
 * first start imported into the database. Writes `{ path: [before, after] }` as JSON to the file
 * PAGES_OUT names. Run by tests/integration/content-import-pages.test.ts (with tsx: the code's content is
 * read from the sources, the pages come from build/server).
 */
import fs from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { publicPaths } from "../../app/content/public-pages.ts";
import { CONTENT_TYPES } from "../../app/features/content/content-types.ts";

type AppModule = {
  startRuntime: () => Promise<{ stop: () => Promise<void> }>;
  createApp: (options: { mode: "production" }) => Parameters<typeof createServer>[1];
};

const app = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as AppModule;
const runtime = await app.startRuntime();

/** Every public page from a new app (its own, empty page cache), as a browser asks for it. */
async function renderAll(): Promise<Record<string, string>> {
  const server = createServer(app.createApp({ mode: "production" }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pages: Record<string, string> = {};
  try {
    for (const pagePath of publicPaths) {
      const response = await fetch(`${base}${pagePath}`, { headers: { Accept: "text/html", "Accept-Encoding": "br, gzip" } });
      pages[pagePath] = `${response.status}\n${await response.text()}`;
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return pages;
}

// The live content every loader reads (app/features/content/live.server.ts keeps it on globalThis).
const holder = (globalThis as Record<symbol, { current?: { items: unknown } } | undefined>)[Symbol.for("nordlys.live-content")]!;
const imported = holder.current!;
// A first round fills what every page shows besides the content (the news), so both rounds see it alike.
await renderAll();
const after = await renderAll();
holder.current = {
  ...imported,
  items: Object.fromEntries(Object.entries(CONTENT_TYPES).map(([type, info]) => [type, info.initial])),
};
const before = await renderAll();
holder.current = imported;
await runtime.stop();
fs.writeFileSync(
  process.env.PAGES_OUT!,
  JSON.stringify(Object.fromEntries(publicPaths.map((pagePath) => [pagePath, [before[pagePath], after[pagePath]]]))),
);
process.exit(0);
