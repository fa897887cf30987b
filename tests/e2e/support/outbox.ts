import fs from "node:fs/promises";
import path from "node:path";

/**
 * The e2e server runs without SMTP_URL, so every mail lands as an .eml file in
 * the e2e data directory's outbox. Returns the finished messages (.eml, not
 * the .tmp being written) that mention `text`, from the main e2e server's outbox or `dataDir`'s.
 */
export async function outboxMailsFor(text: string, dataDir = process.env.E2E_DATA_DIR!): Promise<string[]> {
  const dir = path.join(dataDir, "outbox");
  const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith(".eml"));
  const contents = await Promise.all(files.map((file) => fs.readFile(path.join(dir, file), "utf8").catch(() => "")));
  return contents.filter((content) => content.includes(text));
}
