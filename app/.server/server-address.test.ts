import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { adoptServerAddress, recordServerAddress } from "./server-address";

const dirs: string[] = [];
async function dataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-address-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe("the base URL of command-line tools", () => {
  it("is the address the server recorded when PUBLIC_URL is not set", async () => {
    const dir = await dataDir();
    await recordServerAddress(dir, "http://localhost:4800");
    const env: NodeJS.ProcessEnv = { DATA_DIR: dir };
    expect(await adoptServerAddress(env)).toBe("http://localhost:4800");
    expect(env.PUBLIC_URL).toBe("http://localhost:4800");
  });

  it("is PUBLIC_URL when it is set, and localhost with PORT when nothing was recorded", async () => {
    const dir = await dataDir();
    await recordServerAddress(dir, "http://localhost:4800");
    expect(await adoptServerAddress({ DATA_DIR: dir, PUBLIC_URL: "https://nordlys.example/" })).toBe("https://nordlys.example");
    expect(await adoptServerAddress({ DATA_DIR: await dataDir(), PORT: "3100" })).toBe("http://localhost:3100");
  });
});
