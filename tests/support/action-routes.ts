import fs from "node:fs";
import path from "node:path";
import routes from "../../app/routes.ts";

const appDir = path.resolve(import.meta.dirname, "../../app");

interface RouteEntry {
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteEntry[];
}

export interface ActionRoute {
  /** A concrete URL for the route: `:params` filled with a placeholder, the splat with an unknown path. */
  url: string;
  /** The route's module, relative to app/. */
  file: string;
}

/** Whether a route module exports an action (read from its source, as React Router's compiler does). */
const exportsAction = (file: string) =>
  /^export\s+(async\s+)?function\s+action\b|^export\s+(const|let)\s+action\b|^export\s*\{[^}]*\baction\b/m.test(
    fs.readFileSync(path.join(appDir, file), "utf8"),
  );

function concrete(pattern: string): string {
  if (pattern === "*") return "/no-such-page-x1";
  return pattern
    .split("/")
    .map((segment) => (segment.startsWith(":") ? `${segment.slice(1).replace(/\?$/, "")}-x1` : segment))
    .join("/");
}

function walk(entries: readonly RouteEntry[], parent: string): ActionRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.index
      ? parent
      : entry.path === undefined
        ? parent
        : entry.path.startsWith("/")
          ? entry.path
          : `${parent.replace(/\/$/, "")}/${entry.path}`;
    const self = exportsAction(entry.file) ? [{ url: concrete(own || "/"), file: entry.file }] : [];
    return [...self, ...walk(entry.children ?? [], own)];
  });
}

/**
 * Every URL whose route has an action, from the app's own route configuration (app/routes.ts):
 * a route added later is listed here without anyone remembering to.
 */
export function actionRoutes(): ActionRoute[] {
  return walk(routes as unknown as RouteEntry[], "");
}

export interface PageRoute {
  /** The route's path pattern, `:params` included (`/admin/orders/:orderId/refund`). */
  pattern: string;
  /** The route's module, relative to app/. */
  file: string;
}

function walkPages(entries: readonly RouteEntry[], parent: string): PageRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.index
      ? parent
      : entry.path === undefined
        ? parent
        : entry.path.startsWith("/")
          ? entry.path
          : `${parent.replace(/\/$/, "")}/${entry.path}`;
    // A layout (a route with children) frames pages; it is not one.
    const self =
      !entry.children?.length && /^export\s+default\b/m.test(fs.readFileSync(path.join(appDir, entry.file), "utf8"))
        ? [{ pattern: own || "/", file: entry.file }]
        : [];
    return [...self, ...walkPages(entry.children ?? [], own)];
  });
}

/** Every route that renders a page (its module has a default export), from app/routes.ts: a page added later is listed too. */
export function pageRoutes(): PageRoute[] {
  return walkPages(routes as unknown as RouteEntry[], "");
}
