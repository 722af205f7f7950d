// Pure helpers shared by the use cases and the seeding (which must not open the app's database).

/** Name, summary and tags lower-cased in one string: what search narrows its candidates on. */
export function searchTextOf(template: { name: string; summary: string; tags: readonly string[] }): string {
  return [template.name, template.summary, ...template.tags].join("\n").toLowerCase();
}

/** Stored tags are lower-cased JSON, so `"tag"` (quotes included) finds a whole tag on both engines. */
export function tagsText(tags: readonly string[]): string {
  return JSON.stringify(tags.map((t) => t.toLowerCase()));
}
