import { METHODS, type Endpoint, type Method } from "./endpoint";
import { routeHandlers, type RouteContext, type RouteHandler } from "./route-handlers";
import { ENDPOINTS } from "./endpoints";

type Handlers = Record<Method | "HEAD" | "OPTIONS", RouteHandler>;
type Segment = string | { param: string };

interface Route {
  segments: Segment[];
  handlers: Handlers;
}

function segmentsOf(path: string): Segment[] {
  return path
    .split("/")
    .filter(Boolean)
    .map((part) => (part.startsWith("{") && part.endsWith("}") ? { param: part.slice(1, -1) } : part));
}

/**
 * Literal segments before parameters, segment by segment (/books/import before /books/{bookId},
 * /analyses/batch before /analyses/{analysisId}): routes are ordered by their segments' kinds, 0 a
 * literal and 1 a parameter, compared as words; one order for all, so the sort is consistent.
 */
function bySpecificity(a: Route, b: Route): number {
  const kinds = (route: Route) => route.segments.map((segment) => (typeof segment === "string" ? "0" : "1")).join("");
  return kinds(a).localeCompare(kinds(b)) || a.segments.length - b.segments.length;
}

function match(route: Route, parts: readonly string[]): Record<string, string> | null {
  if (route.segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of route.segments.entries()) {
    if (typeof segment === "string") {
      if (segment !== parts[i]) return null;
    } else params[segment.param] = parts[i]!;
  }
  return params;
}

/** The REST routes under /api, one per path, each serving every method its endpoints declare. */
function routesOf(endpoints: readonly Endpoint[]): Route[] {
  const byPath = new Map<string, Endpoint[]>();
  for (const endpoint of endpoints.filter((e) => e.path.startsWith("/api/"))) byPath.set(endpoint.path, [...(byPath.get(endpoint.path) ?? []), endpoint]);
  // Allow lists the methods in the contract's order (GET, POST, PUT, PATCH, DELETE), whatever order they were declared in.
  const inMethodOrder = (group: Endpoint[]) => [...group].sort((x, y) => METHODS.indexOf(x.method) - METHODS.indexOf(y.method));
  return [...byPath].map(([path, group]) => ({ segments: segmentsOf(path), handlers: routeHandlers(...inMethodOrder(group)) })).sort(bySpecificity);
}

/**
 * The one route for every REST endpoint under /api (issue 31 item 3): `app/api/[...path]/route.ts`
 * exports these. The path (after Next's rewrites of the seed's aliases) picks the endpoints
 * declared for it, and their handlers do the rest, as a route file per path did; a path no
 * endpoint declares answers 404 in the envelope.
 */
export function apiRouteHandlers(): Handlers {
  const routes = routesOf(ENDPOINTS);
  const unknown = routeHandlers();
  const dispatch =
    (method: Method | "HEAD" | "OPTIONS"): RouteHandler =>
    async (request, context) => {
      const { path } = (await context.params) as { path: string[] };
      const parts = ["api", ...path];
      for (const route of routes) {
        const params = match(route, parts);
        if (params) return route.handlers[method](request, { params: Promise.resolve(params) } satisfies RouteContext);
      }
      return unknown[method](request, context);
    };
  const methods: (Method | "HEAD" | "OPTIONS")[] = [...METHODS, "HEAD", "OPTIONS"];
  return Object.fromEntries(methods.map((method) => [method, dispatch(method)])) as Handlers;
}
