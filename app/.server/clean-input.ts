import { cleanText, hasControlCharacter, needsCleaning } from "~/lib/clean-text";

/**
 * Input cleaning, one function per kind of input (docs/decisions/0105-input-boundary.md).
 * The server's request boundary (server/body-guard.ts, server/request-guards.ts)
 * runs every request through these before any route sees it:
 *   - the address (path and query): refused when it is not UTF-8 or holds control characters;
 *   - form bodies (urlencoded or multipart): every name and value cleaned (cleanText),
 *     re-encoded as urlencoded; file parts refused;
 *   - JSON bodies: must be UTF-8 and at most MAX_JSON_DEPTH deep; every string cleaned.
 */

export type Refusal = { ok: false; status: 400 | 415; message: string };
export type CleanBody = { ok: true; bytes: Buffer<ArrayBuffer>; contentType: string };

/** Deeper JSON than this is refused: no endpoint takes more than a few levels. */
export const MAX_JSON_DEPTH = 32;

export const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded";

export const INPUT_MESSAGES = {
  addressNotUtf8: "The address is not valid UTF-8.",
  addressControl: "The address contains characters that are not allowed.",
  addressForm: "Request a path on this site, such as /contact.",
  jsonNotUtf8: "The request body is not valid UTF-8.",
  jsonInvalid: "The request body is not valid JSON.",
  jsonTooDeep: `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
  formUnreadable: "The form data could not be read.",
  formFile: "File uploads are not accepted.",
  formType: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
  jsonType: "Send the request body as JSON (Content-Type: application/json).",
} as const;

export type BodyKind = "json" | "urlencoded" | "multipart" | "other";

export function bodyKind(contentType: string | undefined | null): BodyKind {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === FORM_CONTENT_TYPE) return "urlencoded";
  if (type === "multipart/form-data") return "multipart";
  if (/^application\/([\w.+-]+\+)?json$/.test(type)) return "json";
  return "other";
}

const refuse = (status: 400 | 415, message: string): Refusal => ({ ok: false, status, message });

/**
 * The bytes a percent-encoded string stands for (the URL standard's percent-decode:
 * "%" without two hex digits stays as it is). Node hands over the request target
 * byte for byte as Latin-1 characters.
 */
function percentDecode(text: string): Uint8Array {
  const input = Buffer.from(text, "latin1");
  const output = Buffer.alloc(input.length);
  let length = 0;
  for (let index = 0; index < input.length; index++) {
    const hex = input[index] === 0x25 ? input.subarray(index + 1, index + 3).toString("latin1") : "";
    if (/^[0-9a-f]{2}$/i.test(hex)) {
      output[length++] = Number.parseInt(hex, 16);
      index += 2;
    } else {
      output[length++] = input[index]!;
    }
  }
  return output.subarray(0, length);
}

function decodeStrictUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Checks a request target ("/path?query"). Percent-escapes are decoded the way
 * routes will decode them; the decoded path may hold no control character, the
 * decoded query none but tab and line breaks (a search box may send them).
 */
export function checkRequestTarget(target: string): { ok: true } | Refusal {
  if (!target.startsWith("/")) return refuse(400, INPUT_MESSAGES.addressForm);
  const queryStart = target.indexOf("?");
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  const query = queryStart === -1 ? "" : target.slice(queryStart + 1).replaceAll("+", " ");
  const decodedPath = decodeStrictUtf8(percentDecode(path));
  const decodedQuery = decodeStrictUtf8(percentDecode(query));
  if (decodedPath === null || decodedQuery === null) return refuse(400, INPUT_MESSAGES.addressNotUtf8);
  if (hasControlCharacter(decodedPath) || needsCleaning(decodedQuery)) return refuse(400, INPUT_MESSAGES.addressControl);
  return { ok: true };
}

function setOwn(target: Record<string, unknown> | unknown[], key: string | number, value: unknown) {
  // defineProperty, not assignment: a JSON key "__proto__" stays a plain property.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Cleans every string (keys too) of a parsed JSON value in place, without
 * recursion, and refuses values nested deeper than `maxDepth`.
 */
export function cleanJsonValue(root: unknown, maxDepth = MAX_JSON_DEPTH): { ok: true; value: unknown } | Refusal {
  if (typeof root === "string") return { ok: true, value: cleanText(root) };
  if (typeof root !== "object" || root === null) return { ok: true, value: root };
  const stack: { node: Record<string, unknown> | unknown[]; depth: number }[] = [{ node: root as Record<string, unknown>, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > maxDepth) return refuse(400, INPUT_MESSAGES.jsonTooDeep);
    const keys = Array.isArray(node) ? node.keys() : Object.keys(node);
    for (const key of keys) {
      const value: unknown = (node as Record<string | number, unknown>)[key];
      const cleanValue = typeof value === "string" && needsCleaning(value) ? cleanText(value) : value;
      let cleanKey = key;
      if (typeof key === "string" && needsCleaning(key)) {
        cleanKey = cleanText(key);
        delete (node as Record<string, unknown>)[key];
      }
      if (cleanKey !== key || cleanValue !== value) setOwn(node, cleanKey, cleanValue);
      if (typeof value === "object" && value !== null) stack.push({ node: value as Record<string, unknown>, depth: depth + 1 });
    }
  }
  return { ok: true, value: root };
}

/** A JSON body, cleaned and re-serialised. An empty body stays empty (the endpoint says what it expected). */
export function cleanJsonBody(bytes: Uint8Array, contentType: string): CleanBody | Refusal {
  if (bytes.byteLength === 0) return { ok: true, bytes: Buffer.alloc(0), contentType };
  const text = decodeStrictUtf8(bytes);
  if (text === null) return refuse(400, INPUT_MESSAGES.jsonNotUtf8);
  if (!text.trim()) return { ok: true, bytes: Buffer.alloc(0), contentType };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return refuse(400, INPUT_MESSAGES.jsonInvalid);
  }
  const cleaned = cleanJsonValue(parsed);
  if (!cleaned.ok) return cleaned;
  return { ok: true, bytes: Buffer.from(JSON.stringify(cleaned.value)), contentType };
}

/**
 * A form body (urlencoded or multipart), cleaned and re-encoded as urlencoded,
 * so every action reads the same clean form with request.formData().
 * Invalid UTF-8 in a value becomes U+FFFD, as browsers and URLSearchParams do.
 * Where files are allowed (an admin's upload, server/body-guard.ts) a multipart
 * form stays multipart: its text fields cleaned, its files as they came.
 */
export async function cleanFormBody(bytes: Uint8Array, contentType: string, { files = false } = {}): Promise<CleanBody | Refusal> {
  const entries: [string, string][] = [];
  if (bodyKind(contentType) === "multipart") {
    let form: FormData;
    try {
      form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": contentType } }).formData();
    } catch {
      return refuse(400, INPUT_MESSAGES.formUnreadable);
    }
    if (files) return cleanMultipart(form);
    for (const [name, value] of form) {
      if (typeof value !== "string") return refuse(415, INPUT_MESSAGES.formFile);
      entries.push([name, value]);
    }
  } else {
    entries.push(...new URLSearchParams(new TextDecoder().decode(bytes)));
  }
  const cleaned = new URLSearchParams(entries.map(([name, value]) => [cleanText(name), cleanText(value)]));
  return { ok: true, bytes: Buffer.from(cleaned.toString()), contentType: FORM_CONTENT_TYPE };
}

/** A multipart form with its text fields cleaned and its files kept, encoded again as multipart. */
async function cleanMultipart(form: FormData): Promise<CleanBody> {
  const cleaned = new FormData();
  for (const [name, value] of form) {
    if (typeof value === "string") cleaned.append(cleanText(name), cleanText(value));
    else cleaned.append(cleanText(name), value, cleanText(value.name));
  }
  const encoded = new Response(cleaned);
  return { ok: true, bytes: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("Content-Type")! };
}
