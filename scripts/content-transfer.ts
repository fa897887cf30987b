/**
 * `npm run content:export [-- --out content.json]`  all content as one JSON file (stdout without --out)
 * `npm run content:import -- content.json`          puts a file's items in place (docs/content.md, "Export and import")
 *
 * Works while the server runs (every instance shows an import within a second), when it does
 * not, and with DATABASE_URL.
 */
import fs from "node:fs/promises";
import { parseArgs } from "node:util";
import { withCliApp } from "../app/.server/db/cli-database.ts";
import { exportContent, importContent } from "../app/features/content/transfer.server.ts";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { out: { type: "string" } } });
const [command, file] = positionals;
if ((command !== "export" && command !== "import") || (command === "import" && !file)) {
  process.stderr.write("Usage: npm run content:export [-- --out content.json] | npm run content:import -- content.json\n");
  process.exit(2);
}

try {
  await withCliApp(async () => {
    if (command === "export") {
      const json = `${JSON.stringify(await exportContent(), null, 2)}\n`;
      if (values.out) await fs.writeFile(values.out, json);
      else process.stdout.write(json);
      if (values.out) process.stderr.write(`Wrote ${values.out}.\n`);
      return;
    }
    const text = await fs.readFile(file!, "utf8");
    const { created, updated } = await importContent(JSON.parse(text), { id: null, name: "command line (npm run content:import)" });
    process.stdout.write(`Imported ${file}: ${updated} items replaced, ${created} added.\n`);
  });
} catch (error) {
  process.stderr.write(`Failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
