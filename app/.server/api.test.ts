import { describe, expect, it } from "vitest";
import { answerApi, readJsonBody, requireMethod } from "./api";
import { AppError, answerAppError } from "./errors";

function jsonRequest(body: BodyInit, headers: Record<string, string> = { "Content-Type": "application/json" }) {
  return new Request("http://localhost/api/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (error) {
    return error instanceof AppError ? answerAppError(error).status : -1;
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
});

/** An endpoint as the routes write one: the method first, then the work, inside answerApi. */
function endpoint(work: () => Promise<Response>) {
  return (request: Request) =>
    answerApi(request, async () => {
      requireMethod(request, "POST");
      return work();
    });
}

describe("answerApi", () => {
  it("maps errors to JSON responses without internals", async () => {
    const handler = endpoint(async () => {
      throw new Error("secret internals");
    });
    const response = await handler(jsonRequest("{}", { "Content-Type": "application/json", "X-Request-Id": "req-42" }));
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: string };
    expect(body).toMatchObject({ error: "Something went wrong on our side. Please try again.", code: "internal", requestId: "req-42" });
    expect(JSON.stringify(body)).not.toContain("secret");
  });

  it("answers 503 when the database is unreachable", async () => {
    const handler = endpoint(async () => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    });
    const response = await handler(jsonRequest("{}"));
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
  });

  it("answers an AppError with its status, message and headers", async () => {
    const handler = endpoint(async () => {
      throw new AppError("rate_limited", "Slow down.", { retryAfterSeconds: 60 });
    });
    const response = await handler(jsonRequest("{}"));
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect(await response.json()).toMatchObject({ error: "Slow down.", code: "rate_limited" });
  });

  it("sends an error's details in the body: the fields at fault and anything a client acts on", async () => {
    const handler = endpoint(async () => {
      throw new AppError("invalid", "Pick a time.", { fields: { slotId: "Pick a time." }, slots: [] });
    });
    const response = await handler(jsonRequest("{}"));
    expect(response.status).toBe(400);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ error: "Pick a time.", code: "invalid", fields: { slotId: "Pick a time." }, slots: [] });
  });

  it("answers 405 with Allow for other methods", async () => {
    const handler = endpoint(async () => Response.json({ ok: true }));
    const response = await handler(new Request("http://localhost/api/x"));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});
