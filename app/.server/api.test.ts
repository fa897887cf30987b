import { describe, expect, it } from "vitest";
import { ApiError, apiHandler, readJsonBody } from "./api";

function jsonRequest(body: BodyInit, headers: Record<string, string> = { "Content-Type": "application/json" }) {
  return new Request("http://localhost/api/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

function chunkedBody(totalBytes: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const chunk = new Uint8Array(Math.min(16 * 1024, totalBytes - sent)).fill(32);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (error) {
    return error instanceof ApiError ? error.status : -1;
  }
}

describe("readJsonBody", () => {
  it("parses a JSON body", async () => {
    await expect(readJsonBody(jsonRequest('{"email":"a@b.co"}'))).resolves.toEqual({ email: "a@b.co" });
  });

  it("refuses other content types with 415", async () => {
    expect(await statusOf(readJsonBody(jsonRequest("email=a", { "Content-Type": "application/x-www-form-urlencoded" })))).toBe(415);
    expect(await statusOf(readJsonBody(jsonRequest("{}", {})))).toBe(415);
  });

  it("answers 400 for malformed or empty JSON", async () => {
    expect(await statusOf(readJsonBody(jsonRequest("{oops")))).toBe(400);
    expect(await statusOf(readJsonBody(jsonRequest("   ")))).toBe(400);
  });

  it("stops reading a chunked body past the cap with 413", async () => {
    expect(await statusOf(readJsonBody(jsonRequest(chunkedBody(200 * 1024)), 64 * 1024))).toBe(413);
  });
});

describe("apiHandler", () => {
  it("maps errors to JSON responses without internals", async () => {
    const handler = apiHandler(["POST"], async () => {
      throw new Error("secret internals");
    });
    const response = await handler({ request: jsonRequest("{}") });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: string };
    expect(body.error).not.toContain("secret");
  });

  it("answers 503 when the database is unreachable", async () => {
    const handler = apiHandler(["POST"], async () => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    });
    const response = await handler({ request: jsonRequest("{}") });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
  });

  it("answers 405 with Allow for other methods", async () => {
    const handler = apiHandler(["POST"], async () => Response.json({ ok: true }));
    const response = await handler({ request: new Request("http://localhost/api/x") });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});
