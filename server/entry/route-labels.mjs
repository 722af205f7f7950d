// @ts-check
// The route a request is counted under in the access log and the metrics when the app did not name
// it (server/log.mjs `nameRoute`, which every REST endpoint and tRPC call does): a page's route as
// the build knows it (`/books/{bookId}/chapters/{chapterId}`), Next's assets as one route, and
// anything else as one more. Never the raw path: a label per book id would grow without bound.
import { readFileSync } from "node:fs";
import path from "node:path";

/** Every path the build serves no route for. */
export const OTHER_ROUTE = "(other)";
/** Next's scripts, styles and images: one label for all. */
export const ASSET_ROUTE = "/_next/{asset}";

/**
 * @typedef {{ kind: "literal", text: string } | { kind: "param" } | { kind: "rest", optional: boolean }} Segment
 * @typedef {{ label: string, segments: Segment[] }} PageRoute
 */

/**
 * `/books/[bookId]` as segments, and its label in the REST paths' spelling (`/books/{bookId}`).
 * @param {string} route
 * @returns {PageRoute}
 */
function pageRoute(route) {
  const parts = route.split("/").filter(Boolean);
  /** @type {Segment[]} */
  const segments = parts.map((part) => {
    if (part.startsWith("[[...")) return { kind: "rest", optional: true };
    if (part.startsWith("[...")) return { kind: "rest", optional: false };
    if (part.startsWith("[")) return { kind: "param" };
    return { kind: "literal", text: part };
  });
  const label = `/${parts.map((part) => (part.startsWith("[") ? `{${part.replace(/^\[+(\.\.\.)?/, "").replace(/\]+$/, "")}}` : part)).join("/")}`;
  return { label, segments };
}

/**
 * @param {PageRoute} route
 * @param {readonly string[]} parts
 */
function matches(route, parts) {
  for (const [i, segment] of route.segments.entries()) {
    if (segment.kind === "rest") return segment.optional || parts.length > i;
    const part = parts[i];
    if (part === undefined || (segment.kind === "literal" && segment.text !== part)) return false;
  }
  return parts.length === route.segments.length;
}

/** Literal segments before parameters before catch-alls, segment by segment, as Next routes them. @param {PageRoute} route */
const rank = (route) => route.segments.map((segment) => ({ literal: "0", param: "1", rest: "2" })[segment.kind]).join("");

/**
 * The labeller over the build's app routes (its app-path-routes-manifest.json); without a build's
 * manifest, every page counts as OTHER_ROUTE.
 * @param {string} distDir the build's folder
 * @returns {(path: string) => string}
 */
export function routeLabels(distDir) {
  /** @type {string[]} */
  let routes = [];
  try {
    routes = Object.values(JSON.parse(readFileSync(path.join(distDir, "app-path-routes-manifest.json"), "utf8")));
  } catch {
    // no build to read (a test's entry without Next): pages count as one route
  }
  const pages = routes
    .filter((route) => !route.startsWith("/_"))
    .map(pageRoute)
    .sort((a, b) => rank(a).localeCompare(rank(b)) || a.segments.length - b.segments.length);
  return (requestPath) => {
    if (requestPath.startsWith("/_next/")) return ASSET_ROUTE;
    const parts = requestPath.split("/").filter(Boolean);
    return pages.find((route) => matches(route, parts))?.label ?? OTHER_ROUTE;
  };
}
