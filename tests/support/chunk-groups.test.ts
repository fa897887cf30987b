import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMMON_CHUNK_MODULES, COMMON_CHUNK_PACKAGES, NEWS_CHUNK_FOLDERS, inCommonChunk, inNewsChunk } from "../../vite.chunk-groups.ts";

const root = path.resolve(import.meta.dirname, "../..");

describe("the client build's shared chunks (vite.chunk-groups.ts)", () => {
  it("lists only modules, packages and folders that exist: a rename has to update the list", () => {
    for (const file of COMMON_CHUNK_MODULES) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    for (const name of COMMON_CHUNK_PACKAGES) expect(fs.existsSync(path.join(root, "node_modules", name, "package.json")), name).toBe(true);
    for (const folder of NEWS_CHUNK_FOLDERS) expect(fs.statSync(path.join(root, folder)).isDirectory(), folder).toBe(true);
  });

  it("chooses by exact path or folder, as the bundler passes module ids", () => {
    expect(inCommonChunk(path.join(root, "app/components/ui/button.tsx"))).toBe(true);
    expect(inCommonChunk(path.join(root, "node_modules/clsx/dist/clsx.mjs"))).toBe(true);
    expect(inCommonChunk(path.join(root, "app/components/ui/dialog.tsx"))).toBe(false);
    expect(inCommonChunk(path.join(root, "app/components/ui/button.tsx.bak"))).toBe(false);
    expect(inNewsChunk(path.join(root, "app/features/news/components/news-card.tsx"))).toBe(true);
    expect(inNewsChunk(path.join(root, "app/features/news/read/any-new-module.ts"))).toBe(true);
    expect(inNewsChunk(path.join(root, "app/routes/ai-news.tsx?route-chunk=main"))).toBe(false);
    expect(inNewsChunk("\0virtual:app/features/news/x")).toBe(false);
  });
});
