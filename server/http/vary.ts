import { ServerResponse } from "node:http";

/** The field names of two Vary values, each once, in the order first seen. */
export function mergeVary(existing: string, added: string): string {
  const names = new Map<string, string>();
  for (const name of `${existing},${added}`.split(",")) {
    const trimmed = name.trim();
    if (trimmed && !names.has(trimmed.toLowerCase())) names.set(trimmed.toLowerCase(), trimmed);
  }
  return [...names.values()].join(", ");
}

let installed = false;

/**
 * Makes `Vary` accumulate on every response of this process. next.config's headers() put
 * `Vary: Accept, Authorization` on the paths that serve both a page and the API, but Next's page
 * renderer then sets its own Vary outright, and a cache that saw only Next's list could hand a
 * page to an API caller or JSON to a browser. A Vary that lists more fields is never wrong.
 */
export function accumulateVary(): void {
  if (installed) return;
  installed = true;
  const setHeader = ServerResponse.prototype.setHeader;
  ServerResponse.prototype.setHeader = function (this: ServerResponse, name: string, value: number | string | readonly string[]) {
    const existing = this.getHeader("vary");
    if (name.toLowerCase() === "vary" && existing !== undefined) {
      return setHeader.call(this, name, mergeVary(String(existing), [value].flat().join(",")));
    }
    return setHeader.call(this, name, value);
  };
}
