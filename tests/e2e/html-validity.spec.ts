import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "./fixtures";
import { sitePages } from "./site-pages";

const run = promisify(execFile);
const vnuJar = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")), "build", "dist", "vnu.jar");

type VnuMessage = { type: string; url: string; message: string; lastLine?: number; extract?: string };

test("the Nu HTML checker finds no errors in the server-rendered HTML of every page", async ({ request }) => {
  test.setTimeout(120_000);
  const java = process.env.JAVA ?? "java";
  await run(java, ["-version"]).catch(() => {
    throw new Error("The HTML check needs Java (Debian: apt-get install openjdk-17-jre-headless), or set JAVA=/path/to/java.");
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nordlys-vnu-"));
  const pages = [...sitePages, { name: "project-not-found", path: "/projects/does-not-exist", heading: "" }];
  const files = [];
  for (const sitePage of pages) {
    const file = path.join(dir, `${sitePage.name}.html`);
    fs.writeFileSync(file, await (await request.get(sitePage.path)).text());
    files.push(file);
  }

  // vnu exits non-zero when it finds errors; the JSON report is on stderr either way.
  const result = await run(java, ["-jar", vnuJar, "--errors-only", "--format", "json", ...files], {
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? "" }));
  const report = JSON.parse(result.stderr || '{"messages":[]}') as { messages: VnuMessage[] };
  const errors = report.messages
    .filter((message) => message.type === "error" || message.type === "non-document-error")
    .map((message) => `${path.basename(message.url)}:${message.lastLine ?? "?"} ${message.message} ${message.extract ?? ""}`);
  fs.rmSync(dir, { recursive: true, force: true });
  expect(errors).toEqual([]);
});
