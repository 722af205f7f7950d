import { AppError } from "../errors";

export const SCOPES = ["read:books", "write:books", "read:analysis", "write:analysis", "admin"] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * The one table of who may call what. REST routes, tRPC procedures and the OpenAPI document
 * name an operation; use cases call `authorize` with it. `null`: any signed-in caller.
 * The integration tests iterate over this table.
 */
export const OPERATION_SCOPES = {
  "users.me": null,
  "tokens.list": null,
  "tokens.create": null,
  "tokens.delete": null,
  "books.list": "read:books",
  "books.get": "read:books",
  "books.create": "write:books",
  "books.update": "write:books",
  "books.delete": "write:books",
  "books.cover": "read:books",
  "books.setCover": "write:books",
  "books.deleteCover": "write:books",
  "chapters.list": "read:books",
  "chapters.get": "read:books",
  "chapters.revisions": "read:books",
  "chapters.upload": "write:books",
  "chapters.save": "write:books",
  "chapters.delete": "write:books",
  "chapters.reorder": "write:books",
  "chapters.restoreRevision": "write:books",
  "chapters.untrash": "write:books",
  // search and replace (issue 23): a preview reads, applying and undoing write
  "search.book": "read:books",
  "search.library": "read:books",
  "search.previewReplace": "read:books",
  "search.applyReplace": "write:books",
  "search.changeSets": "read:books",
  "search.undoChangeSet": "write:books",
  // a job is its owner's; queuing it took the scope of the work
  "jobs.get": null,
  "jobs.list": null,
  // conversion works on what the caller sends, not on stored books: any signed-in caller
  "convert.formats": null,
  "convert.run": null,
  "books.export": "read:books",
  "books.import": "write:books",
  "analysis.search": "read:analysis",
  "analysis.get": "read:analysis",
  "analysis.install": "read:analysis",
  "analysis.installed": "read:analysis",
  "analysis.uninstall": "read:analysis",
  "analysis.create": "write:analysis",
  "analysis.update": "write:analysis",
  "analysis.delete": "write:analysis",
  "analyses.run": "read:analysis",
  "analyses.list": "read:analysis",
  "analyses.get": "read:analysis",
  // issue 20 items 9 and §4: several templates at once; a kept result is the runner's to delete
  "analyses.runMany": "read:analysis",
  "analyses.delete": "read:analysis",
  // Compare reads two books as an analysis run does: read:analysis, both books the caller's own
  "analyses.compare": "read:analysis",
  // issue 22: reading goals and history takes read:books, setting goals and plans write:books
  "goals.settings": "read:books",
  "goals.updateSettings": "write:books",
  "goals.book": "read:books",
  "goals.setBook": "write:books",
  "stats.today": "read:books",
  "stats.history": "read:books",
  "stats.bookProgress": "read:books",
  "releases.plan": "read:books",
  "releases.setPlan": "write:books",
  "releases.setChapter": "write:books",
  // the story bible (issue 21): reading entries, mentions and checks takes read:books, changing them write:books
  "series.list": "read:books",
  "series.get": "read:books",
  "series.create": "write:books",
  "series.update": "write:books",
  "series.delete": "write:books",
  "bible.entries": "read:books",
  "bible.names": "read:books",
  "bible.getEntry": "read:books",
  "bible.createEntry": "write:books",
  "bible.updateEntry": "write:books",
  "bible.deleteEntry": "write:books",
  "bible.picture": "read:books",
  "bible.setPicture": "write:books",
  "bible.deletePicture": "write:books",
  "bible.relations": "read:books",
  "bible.createRelation": "write:books",
  "bible.updateRelation": "write:books",
  "bible.deleteRelation": "write:books",
  "bible.mentions": "read:books",
  "bible.chapterMentions": "read:books",
  "bible.checks": "read:books",
  "bible.export": "read:books",
  "bible.import": "write:books",
  "bible.addCastMember": "write:books",
  "bible.proposals": "read:books",
} as const satisfies Record<string, Scope | null>;

export type Operation = keyof typeof OPERATION_SCOPES;

export function scopesForRole(role: string): Scope[] {
  return role === "admin" ? [...SCOPES] : SCOPES.filter((s) => s !== "admin");
}

/** A principal as far as its scopes go: principal.ts builds on Scope, so this file does not import it. */
type ScopeHolder = { readonly scopes: ReadonlySet<Scope> };

export function hasScope(principal: ScopeHolder, scope: Scope): boolean {
  return principal.scopes.has(scope) || principal.scopes.has("admin");
}

/** Throws insufficient_scope unless the principal's credential carries the operation's scope. */
export function authorize(principal: ScopeHolder, operation: Operation): void {
  const scope = OPERATION_SCOPES[operation];
  if (scope !== null && !hasScope(principal, scope)) {
    throw new AppError("insufficient_scope", `This credential lacks the scope "${scope}".`, {
      required: scope,
    });
  }
}

/** admin-scoped credentials act on every user's data; all others on their own only. */
export function actsForEveryone(principal: ScopeHolder): boolean {
  return principal.scopes.has("admin");
}

export function parseScopes(value: string): Scope[] {
  return value.split(" ").filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
}
