import { existsSync } from "node:fs";
import path from "node:path";

export const PROJECT_ROOT = path.join(import.meta.dirname, "../..");

/**
 * Where a third party's tool is installed (openapi-typescript, openapi-fetch: not
 * dependencies of Inkstone): the project's node_modules, else a NODE_PATH directory.
 */
export function installedPackage(name: string): string | undefined {
  const places = [path.join(PROJECT_ROOT, "node_modules"), ...(process.env.NODE_PATH ?? "").split(path.delimiter).filter(Boolean)];
  return places.map((place) => path.join(place, name)).find((dir) => existsSync(path.join(dir, "package.json")));
}
