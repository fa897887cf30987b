import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useServerForFile } from "../support/server-process";

/**
 * Every JSON error has one shape (docs/product.md, "Errors"): `error` a sentence, `code` from the
 * documented table (which decides the status), `fields` an object of strings when present; the
 * same from the request boundary, the API routes, the sign-in API and the page-view beacon.
 */
/** The documented table (docs/product.md, "Errors"): each code and its status, read from the doc itself. */
const STATUS_OF_CODE: Record<string, number> = Object.fromEntries(
  [...readFileSync(path.resolve(import.meta.dirname, "../../docs/product.md"), "utf8").matchAll(/^\s*\| `(\w+)` \| (\d{3}) \|/gm)].map(
    (row) => [row[1]!, Number(row[2])],
  ),
);

type Case = { name: string; path: string; init?: RequestInit; status: number; fields?: string[] };

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

const cases: Case[] = [
  { name: "an unknown API path", path: "/api/nothing-here", status: 404 },
  { name: "a GET to a POST endpoint", path: "/api/newsletter-subscribe", status: 405 },
  { name: "a body that is not JSON", path: "/api/send-contact-email", init: { method: "POST", body: "hello" }, status: 415 },
  { name: "malformed JSON", path: "/api/generate-content", init: { ...json(null), body: "{oops" }, status: 400 },
  {
    name: "a bad sign-up address",
    path: "/api/newsletter-subscribe",
    init: json({ email: "not-an-address" }),
    status: 400,
    fields: ["email"],
  },
  { name: "a booking with no fields", path: "/api/mentoring/book", init: json({}), status: 400, fields: ["slotId", "name", "email"] },
  { name: "a contact message with no fields", path: "/api/send-contact-email", init: json({ source: "contact" }), status: 400 },
  { name: "an unknown time zone", path: "/api/mentoring/slots?tz=Nowhere%2FAtAll", status: 400 },
  { name: "an unknown story", path: "/api/news/not-a-story", status: 404 },
  { name: "the admin API without a session", path: "/api/admin/leads", status: 401 },
  { name: "the sign-in API with an unknown step", path: "/api/auth/nowhere", init: json({}), status: 404 },
  { name: "the sign-in API with a malformed body", path: "/api/auth/sign-in/email", init: json({ email: 1 }), status: 400 },
  { name: "a body over the limit", path: "/api/send-contact-email", init: json({ message: "x".repeat(2 * 1024 * 1024) }), status: 413 },
  { name: "the beacon with a GET", path: "/a/e", status: 405 },
  {
    name: "the beacon with a form body",
    path: "/a/e",
    init: { method: "POST", headers: { "Content-Type": "multipart/form-data" }, body: "x" },
    status: 415,
  },
];

describe("one shape for every JSON error", () => {
  const file = useServerForFile();

  it("documents a status for each code", () => {
    expect(Object.keys(STATUS_OF_CODE).length).toBeGreaterThanOrEqual(15);
  });

  it.each(cases)("$name: $status with { error, code, fields? }", async ({ path, init, status, fields }) => {
    const url = file.server().url;
    const response = await fetch(url + path, {
      ...init,
      headers: { Origin: url, ...(init?.headers as Record<string, string> | undefined) },
    });
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as Record<string, unknown>;
    expect(typeof body.error).toBe("string");
    expect((body.error as string).length).toBeGreaterThan(3);
    expect(STATUS_OF_CODE[body.code as string], `code ${String(body.code)}`).toBe(status);
    if (status === 405) expect(response.headers.get("allow")).toBeTruthy();
    if (fields) {
      expect(Object.keys(body.fields as object)).toEqual(expect.arrayContaining(fields));
      for (const message of Object.values(body.fields as object)) expect(typeof message).toBe("string");
    } else if (body.fields !== undefined) {
      for (const message of Object.values(body.fields as object)) expect(typeof message).toBe("string");
    }
    expect(JSON.stringify(body)).not.toMatch(/\bat \w+ \(|node_modules|stack/i);
  });
});
