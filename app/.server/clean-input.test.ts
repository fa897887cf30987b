import { describe, expect, it } from "vitest";
import { checkRequestTarget, cleanFormBody, cleanJsonBody, cleanJsonValue, MAX_JSON_DEPTH } from "./clean-input";

const json = (value: string) => Buffer.from(value);
const parsed = (body: { ok: true; bytes: Buffer } | { ok: false }) => (body.ok ? (JSON.parse(body.bytes.toString()) as unknown) : body);

describe("request targets", () => {
  it.each(["/", "/contact", "/ai-news/3f2a?x=1&y=%C3%A9", "/search?q=two%09words%0Aand+more", "/100%", "/a%zz"])("accepts %j", (target) => {
    expect(checkRequestTarget(target)).toEqual({ ok: true });
  });

  it.each([
    ["/ai-news/%00", "The address contains characters that are not allowed."],
    ["/unsubscribe?token=%00", "The address contains characters that are not allowed."],
    ["/a%09b", "The address contains characters that are not allowed."],
    ["/?q=%1B%5B31m", "The address contains characters that are not allowed."],
    ["/ai-news/%FF", "The address is not valid UTF-8."],
    ["/?token=%ED%A0%80", "The address is not valid UTF-8."],
    ["/?q=%C3", "The address is not valid UTF-8."],
    ["http://evil.example/", "Request a path on this site, such as /contact."],
    ["*", "Request a path on this site, such as /contact."],
  ])("refuses %j with 400", (target, message) => {
    expect(checkRequestTarget(target)).toEqual({ ok: false, status: 400, message });
  });
});

describe("JSON bodies", () => {
  it("removes control characters but tab and line breaks, and replaces lone surrogates", () => {
    const body = cleanJsonBody(
      json(String.raw`{"name":"An\u0000na\u0007","message":"line 1\r\nline\t2\u001b[31m","lone":"a\ud800b"}`),
      "application/json",
    );
    expect(parsed(body)).toEqual({ name: "Anna", message: "line 1\r\nline\t2[31m", lone: "a\uFFFDb" });
  });

  it("cleans keys and nested values, and keeps a __proto__ key a plain property", () => {
    const body = cleanJsonBody(json(String.raw`{"a\u0000b":[{"c":["x\u0000"]}],"__proto__":{"polluted":"y\u0001"}}`), "application/json");
    expect(parsed(body)).toEqual(JSON.parse(String.raw`{"ab":[{"c":["x"]}],"__proto__":{"polluted":"y"}}`));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses invalid UTF-8, malformed JSON and deep nesting with a 400 and a clear message", () => {
    expect(cleanJsonBody(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]), "application/json")).toEqual({
      ok: false,
      status: 400,
      message: "The request body is not valid UTF-8.",
    });
    expect(cleanJsonBody(json('{"a":'), "application/json")).toMatchObject({
      ok: false,
      status: 400,
      message: "The request body is not valid JSON.",
    });
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(cleanJsonBody(json(deep), "application/json")).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringMatching(/nested too deeply/),
    });
    const justDeepEnough = "[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH);
    expect(cleanJsonValue(JSON.parse(justDeepEnough))).toMatchObject({ ok: true });
  });

  it("leaves an empty body empty for the endpoint to answer", () => {
    expect(cleanJsonBody(Buffer.alloc(0), "application/json")).toMatchObject({ ok: true, bytes: Buffer.alloc(0) });
  });
});

describe("form bodies", () => {
  it("cleans names and values of an urlencoded form; invalid UTF-8 becomes U+FFFD", async () => {
    const body = await cleanFormBody(
      Buffer.from("name=An%00na&message=hi%0D%0Athere%1B&bad=%FF&n%00ame2=x"),
      "application/x-www-form-urlencoded",
    );
    expect(body.ok).toBe(true);
    if (!body.ok) return;
    expect(body.contentType).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(body.bytes.toString()))).toEqual({
      name: "Anna",
      message: "hi\r\nthere",
      bad: "\uFFFD",
      name2: "x",
    });
  });

  it("turns a multipart form into a clean urlencoded one, and refuses files and unreadable ones", async () => {
    const form = new FormData();
    form.set("email", "anna\u0000@example.com");
    form.set("choice", "accepted");
    const request = new Request("http://x/", { method: "POST", body: form });
    const bytes = Buffer.from(await request.arrayBuffer());
    const body = await cleanFormBody(bytes, request.headers.get("Content-Type")!);
    expect(body).toMatchObject({ ok: true, contentType: "application/x-www-form-urlencoded" });
    if (body.ok) expect(body.bytes.toString()).toBe("email=anna%40example.com&choice=accepted");

    const withFile = new FormData();
    withFile.set("upload", new Blob(["x"]), "x.txt");
    const fileRequest = new Request("http://x/", { method: "POST", body: withFile });
    expect(await cleanFormBody(Buffer.from(await fileRequest.arrayBuffer()), fileRequest.headers.get("Content-Type")!)).toEqual({
      ok: false,
      status: 415,
      message: "File uploads are not accepted.",
    });
    expect(await cleanFormBody(Buffer.from("not multipart at all"), "multipart/form-data; boundary=zzz")).toEqual({
      ok: false,
      status: 400,
      message: "The form data could not be read.",
    });
  });
});
