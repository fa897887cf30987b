import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { missingNames, type CodeIndex } from "./docs-names.ts";

/**
 * The docs that map the code name only what exists: docs/architecture.md, docs/deploy.md and
 * the framework workarounds' checklist. A renamed function or a moved file fails here.
 */
const root = path.resolve(import.meta.dirname, "../..");
const CHECKED_DOCS = ["docs/architecture.md", "docs/deploy.md", "app/framework-workarounds/README.md"];
/** Where code names may be found: everything tracked but prose and generated files (and this check's own fakes). */
const NOT_CODE =
  /(\.md$|^package-lock\.json$|^drizzle\/meta\/|^bench\/results\.json$|^tests\/support\/docs-names(\.test)?\.ts$|\.(png|jpg|avif|webp|woff2|svg)$)/;

function codeIndex(): CodeIndex {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => file && fs.existsSync(path.join(root, file)));
  const paths = new Set<string>();
  for (const file of listed) {
    const parts = file.split("/");
    for (let end = 1; end <= parts.length; end++) paths.add(parts.slice(0, end).join("/"));
  }
  const text = listed
    .filter((file) => !NOT_CODE.test(file))
    .map((file) => fs.readFileSync(path.join(root, file), "utf8"))
    .join("\n");
  return { paths, text };
}

const fake: CodeIndex = {
  paths: new Set([
    "server",
    "server/app.ts",
    "app",
    "app/.server",
    "app/.server/db",
    "app/.server/db/tables",
    "tests/integration/chaos-db.test.ts",
  ]),
  text: "export function createApp() {}\nconst LIMIT = 'FORM_MIN_FILL_MS';",
};

describe("names in the docs", () => {
  it("finds a renamed function, a moved file and a path in the prose that is gone", () => {
    const doc = [
      "`createApp` in server/app.ts reads `FORM_MIN_FILL_MS`; tables in `db/tables/`.",
      "`createApplication()` is gone, and so is `server/old-front.ts`.",
      "See tests/integration/chaos-*.test.ts and server/stored-page-front.ts.",
      "Ignored: `npm start`, `/api/send-contact-email`, `0`.",
    ].join("\n");
    expect(missingNames(doc, fake)).toEqual([
      "line 2: `createApplication()`",
      "line 2: `server/old-front.ts`",
      "line 3: server/stored-page-front.ts",
    ]);
  });

  it.each(CHECKED_DOCS)("%s names only files and code that exist", (doc) => {
    expect(missingNames(fs.readFileSync(path.join(root, doc), "utf8"), codeIndex())).toEqual([]);
  });
});
