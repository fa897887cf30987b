import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { publicPaths } from "../../app/content/public-pages";
import { SERVER_NODE_FLAGS } from "../../server/node-flags";
import { setupTestDatabase } from "../support/database";
import { makeDataDir } from "../support/server-process";

/**
 * The first start of the version that keeps content in the database changes no public page
 * (docs/content.md, decision 0208): every page the production build renders from the imported
 * content is the page it renders from `app/content`, byte for byte, apart from what differs on
 * every request anyway (the script nonce, a form's signed start time).
 */
const database = setupTestDatabase();
const root = path.resolve(import.meta.dirname, "../..");

/** tests/support/pages-before-after.ts in a process of its own, the way the server runs. */
async function renderBeforeAndAfter(): Promise<Record<string, [string, string]>> {
  const dataDir = await makeDataDir("nordlys-pages-");
  const out = path.join(dataDir, "pages.json");
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "tests/support/pages-before-after.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: database.current.url,
      DATA_DIR: dataDir,
      PAGES_OUT: out,
      APP_SECRET: "content-import-pages-test-secret-0123456789",
      PUBLIC_URL: "http://localhost:4400",
      JOB_SCHEDULES: "false",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stdout.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code, errors).toBe(0);
  return JSON.parse(await fs.readFile(out, "utf8")) as Record<string, [string, string]>;
}

/** What is different in every answer: the inline scripts' nonce and a form's signed start time (`<ms>.<salt>.<signature>`). */
function stable(html: string): string {
  return html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/\b\d{13}\.[\w-]{12}\.[\w-]{22}\b/g, "<signed start>");
}

describe("the first start's import", () => {
  it("renders every public page exactly as the code's content did", { timeout: 120_000 }, async () => {
    const pages = await renderBeforeAndAfter();
    expect(Object.keys(pages)).toEqual([...publicPaths]);
    for (const [pagePath, [before, after]] of Object.entries(pages)) {
      expect(before.startsWith("200\n"), pagePath).toBe(true);
      expect(stable(after), pagePath).toBe(stable(before));
    }
  });
});
