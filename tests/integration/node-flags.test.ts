import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../server/node-flags";

const root = path.resolve(import.meta.dirname, "../..");

describe("the server's V8 heap settings (docs/decisions/0054)", () => {
  it("the Docker image starts the server with the same flags as `npm start`", async () => {
    const dockerfile = await fs.readFile(path.join(root, "Dockerfile"), "utf8");
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(cmd).toBeDefined();
    expect(JSON.parse(cmd!)).toEqual(["node", ...SERVER_NODE_FLAGS, "server/main.ts"]);
  });

  it("the systemd unit in docs/deploy.md does too", async () => {
    const deploy = await fs.readFile(path.join(root, "docs/deploy.md"), "utf8");
    expect(/^ExecStart=(.*)$/m.exec(deploy)?.[1]).toBe(["/usr/bin/node", ...SERVER_NODE_FLAGS, "server/main.ts"].join(" "));
  });
});
