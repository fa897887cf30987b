import type express from "express";
import { checkRequestTarget } from "~/.server/clean-input.ts";
import { originVerdict } from "~/.server/same-origin.ts";
import { isApiPath, refuse } from "./http-errors.ts";
import { requestUrl } from "./react-router-handler.ts";

/**
 * Checks every request passes before a route sees it
 * (docs/decisions/0105-input-boundary.md, 0106-origin-check-and-methods.md).
 */

/** The address: a path on this site, UTF-8, no control characters; a well-formed Host. */
export const targetGuard: express.RequestHandler = (req, res, next) => {
  const target = checkRequestTarget(req.originalUrl);
  if (!target.ok) {
    refuse(req, res, target.status, target.message);
    return;
  }
  if (!requestUrl(req)) {
    refuse(req, res, 400, "The Host header is not a valid host name.");
    return;
  }
  next();
};

/** Every method some route of the site answers. */
const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
/** What pages take: reading, and posting their forms. */
const PAGE_METHODS = ["GET", "HEAD", "POST"];

/**
 * TRACE, PROPFIND and the other methods no route serves: 405 with the
 * methods the site serves (a 4xx: the request is the client's mistake, and
 * nothing a client sends gets a 5xx). Pages take GET, HEAD and POST (405 for
 * the rest; OPTIONS lists them); /api endpoints answer their own 405s.
 */
export const methodGuard: express.RequestHandler = (req, res, next) => {
  if (!SERVED_METHODS.includes(req.method)) {
    refuse(req, res, 405, `This site does not support the ${req.method} method.`, { Allow: SERVED_METHODS.join(", ") });
    return;
  }
  if (isApiPath(req.path) || PAGE_METHODS.includes(req.method)) {
    next();
    return;
  }
  if (req.method === "OPTIONS") {
    res.setHeader("Allow", PAGE_METHODS.join(", "));
    res.setHeader("Cache-Control", "no-store");
    res.status(204).end();
    return;
  }
  refuse(req, res, 405, `Pages take ${PAGE_METHODS.join(", ")}.`, { Allow: PAGE_METHODS.join(", ") });
};

/**
 * Pages that take posts from outside the site on purpose. /unsubscribe/one-click:
 * mail providers post there (RFC 8058), with their own Origin or none; the
 * signed token in the URL is the authority.
 */
const CROSS_ORIGIN_POST_PATHS = new Set(["/unsubscribe/one-click"]);

/**
 * A page post sent by a browser from another origin is refused with 403 and
 * logged as a warning (no stack: it is a visitor's request, not our error).
 * /api is left to its endpoints: they take JSON only, which no page of
 * another origin can post without a CORS preflight we never grant, and
 * better-auth checks its own trusted origins.
 */
export const originGuard: express.RequestHandler = (req, res, next) => {
  if (req.method !== "POST" || isApiPath(req.path)) {
    next();
    return;
  }
  const path = req.path.toLowerCase().replace(/\/+$/, "");
  if (CROSS_ORIGIN_POST_PATHS.has(path)) {
    next();
    return;
  }
  const origin = req.headers.origin;
  const secFetchSite = req.get("Sec-Fetch-Site");
  const own = requestUrl(req)?.origin ?? "";
  if (originVerdict({ origin, secFetchSite }, own) !== "cross-origin") {
    next();
    return;
  }
  req.log.warn(
    { path: req.path, origin: origin?.slice(0, 200) ?? null, secFetchSite: secFetchSite ?? null },
    "Cross-origin form post refused",
  );
  refuse(
    req,
    res,
    403,
    "This form was sent from another website, so we did not accept it. Open the page on our site and send the form from there.",
  );
};
