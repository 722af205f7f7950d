/** A list an entry keeps as JSON text (its aliases, its tags): the strings in it, whatever else is there. */
export function parseList(json: string): string[] {
  const value = JSON.parse(json) as unknown;
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}
