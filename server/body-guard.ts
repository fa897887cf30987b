import type express from "express";
import {
  bodyKind,
  cleanFormBody,
  cleanJsonBody,
  FORM_CONTENT_TYPE,
  INPUT_MESSAGES,
  type CleanBody,
  type Refusal,
} from "~/.server/clean-input.ts";
import { isApiPath, refuse } from "./http-errors.ts";

/**
 * The one place request bodies are read (docs/decisions/0105-input-boundary.md).
 *
 * Every body, however it is framed (Content-Length or chunked), is read here
 * up to `maxBytes` and no further: a larger one is answered 413 and the
 * connection closed without reading the rest, so the server's memory never
 * holds more than `maxBytes` of it. What is read is cleaned by kind
 * (app/.server/clean-input.ts) and handed to React Router by
 * server/react-router-handler.ts; routes never see the raw socket.
 *
 * Page posts must be forms (urlencoded or multipart; no body counts as an
 * empty form); /api bodies JSON or forms. Compressed bodies are refused.
 * Files only reach the upload routes (`uploads`: an admin's images and content
 * files), and only from someone `mayUpload` lets, checked before a byte is read.
 */

/** A route that takes files, and how large a body it takes. */
export type UploadRoute = { path: string; maxBytes: number };

const cleanedBodies = new WeakMap<express.Request, CleanBody>();

/** The body the guard read and cleaned for `req`, if it has one. */
export function cleanedBodyOf(req: express.Request): CleanBody | undefined {
  return cleanedBodies.get(req);
}

const TOO_LARGE = "The request body is too large.";

function hasBody(req: express.Request): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** Reads at most `maxBytes`; "too-large" as soon as more arrives, "gone" if the client went away. */
function readCapped(req: express.Request, maxBytes: number): Promise<Buffer | "too-large" | "gone"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Buffer | "too-large" | "gone") => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onGone);
      req.off("close", onGone);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        req.pause();
        chunks.length = 0;
        finish("too-large");
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks, size));
    const onGone = () => finish("gone");
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onGone);
    req.once("close", onGone);
  });
}

async function clean(bytes: Buffer, contentType: string, isPage: boolean, files: boolean): Promise<CleanBody | Refusal> {
  const kind = bodyKind(contentType);
  if (kind === "json") return cleanJsonBody(bytes, contentType);
  return cleanFormBody(bytes, isPage && kind === "other" ? FORM_CONTENT_TYPE : contentType, { files });
}

/** Refusals that need no byte of the body: encoding, declared size, content type. */
function refusalBeforeReading(
  req: express.Request,
  maxBytes: number,
  isPage: boolean,
): Refusal | { ok: false; status: 413; message: string } | null {
  const encoding = req.headers["content-encoding"];
  if (encoding && encoding.toLowerCase() !== "identity") {
    return { ok: false, status: 415, message: "Send the request body uncompressed (no Content-Encoding)." };
  }
  if (Number(req.headers["content-length"] ?? 0) > maxBytes) return { ok: false, status: 413, message: TOO_LARGE };
  const contentType = req.headers["content-type"];
  const kind = bodyKind(contentType);
  if (isPage && kind !== "urlencoded" && kind !== "multipart" && contentType !== undefined) {
    return { ok: false, status: 415, message: INPUT_MESSAGES.formType };
  }
  if (!isPage && kind === "other") return { ok: false, status: 415, message: INPUT_MESSAGES.jsonType };
  return null;
}

export function bodyGuard({
  maxBytes: defaultMaxBytes,
  uploads = [],
  mayUpload = async () => false,
}: {
  maxBytes: number;
  uploads?: readonly UploadRoute[];
  mayUpload?: (req: express.Request) => Promise<boolean>;
}): express.RequestHandler {
  return (req, res, next) => {
    const readsBody = req.method !== "GET" && req.method !== "HEAD";
    // A page's form posts to its path, or with JavaScript to the path's `.data` (React Router's single fetch).
    const upload =
      readsBody && hasBody(req) ? uploads.find((route) => req.path === route.path || req.path === `${route.path}.data`) : undefined;
    if (upload) {
      // Only someone who may upload makes the server hold a large body.
      void mayUpload(req)
        .then((allowed) =>
          allowed
            ? guard(req, res, next, upload.maxBytes, true)
            : refuse(req, res, 403, "This upload is not for your role, or you are not signed in: it is for an editor or the owner."),
        )
        .catch(next);
      return;
    }
    guard(req, res, next, defaultMaxBytes, false);
  };

  function guard(req: express.Request, res: express.Response, next: express.NextFunction, maxBytes: number, files: boolean) {
    const isPage = !isApiPath(req.path);
    const readsBody = req.method !== "GET" && req.method !== "HEAD";
    if (!hasBody(req)) {
      // A post without a body is an empty form, so actions never meet a body formData() cannot read.
      if (isPage && readsBody) cleanedBodies.set(req, { ok: true, bytes: Buffer.alloc(0), contentType: FORM_CONTENT_TYPE });
      next();
      return;
    }
    const early = readsBody ? refusalBeforeReading(req, maxBytes, isPage) : null;
    if (early) {
      refuse(req, res, early.status, early.message);
      return;
    }
    void readCapped(req, maxBytes)
      .then(async (bytes) => {
        if (bytes === "gone") return;
        if (bytes === "too-large") {
          refuse(req, res, 413, TOO_LARGE);
          return;
        }
        if (!readsBody) {
          next();
          return;
        }
        const cleaned = await clean(bytes, req.headers["content-type"] ?? FORM_CONTENT_TYPE, isPage, files);
        if (!cleaned.ok) {
          refuse(req, res, cleaned.status, cleaned.message);
          return;
        }
        cleanedBodies.set(req, cleaned);
        next();
      })
      .catch(next);
  }
}
