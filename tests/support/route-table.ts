import fs from "node:fs/promises";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeTable from "../../app/routes.ts";

/**
 * Every route of app/routes.ts with what its module exports (action, loader),
 * as the production build's route manifest records them. Tests that must
 * cover "every endpoint" enumerate this, so a new route is covered the day
 * it is added.
 */
export type RouteInfo = {
  /** "routes/api/lead-chatbot" */
  id: string;
  /** The URL pattern: "/api/admin/leads/:id?", "/" for the index. */
  pattern: string;
  hasAction: boolean;
  hasLoader: boolean;
  /** A JSON endpoint under /api (not a page). */
  isApi: boolean;
};

type ManifestRoute = { id: string; hasAction: boolean; hasLoader: boolean };

const root = path.resolve(import.meta.dirname, "../..");

async function buildManifest(): Promise<Record<string, ManifestRoute>> {
  const assets = path.join(root, "build/client/assets");
  const files = (await fs.readdir(assets)).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (files.length === 0) throw new Error("No route manifest in build/client/assets: run `npm run build` first.");
  const newest = (await Promise.all(files.map(async (name) => ({ name, mtime: (await fs.stat(path.join(assets, name))).mtimeMs })))).sort(
    (a, b) => b.mtime - a.mtime,
  )[0]!;
  const source = await fs.readFile(path.join(assets, newest.name), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return (JSON.parse(json) as { routes: Record<string, ManifestRoute> }).routes;
}

function flatten(entries: RouteConfigEntry[], prefix = ""): Array<{ id: string; pattern: string }> {
  return entries.flatMap((entry) => {
    const pattern = entry.index ? prefix || "/" : `${prefix}/${entry.path ?? ""}`.replace(/\/+/g, "/");
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    return [{ id, pattern }, ...flatten(entry.children ?? [], pattern)];
  });
}

export async function loadRouteTable(): Promise<RouteInfo[]> {
  const manifest = await buildManifest();
  return flatten(await routeTable).map(({ id, pattern }) => {
    const built = manifest[id];
    if (!built) throw new Error(`${id} (${pattern}) is in app/routes.ts but not in the build: run \`npm run build\`.`);
    return { id, pattern, hasAction: built.hasAction, hasLoader: built.hasLoader, isApi: /^\/api(\/|$)/.test(pattern) };
  });
}
