import { AppError } from "../errors";
import type { BookAction } from "./book-roles";

export const SCOPES = ["read:books", "write:books", "read:analysis", "write:analysis", "webhooks", "admin"] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * The one table of who may call what. REST routes, tRPC procedures and the OpenAPI document
 * name an operation; use cases call `authorize` with it. `scope`: what the credential must carry
 * (`null`: any signed-in caller); `book`: for an operation on a book, what the caller's role on
 * it must allow (server/books/policy.ts; `loadBook` asks it). The integration tests iterate over
 * this table, the role matrix (test/http/roles.test.ts) over its `book` column.
 */
export const OPERATIONS = {
  "users.me": { scope: null },
  // accounts (issue 34 item 6, decision 0483): a writer changes their password and deletes their
  // account with any credential, proving it is them with the password; the rest is the admin's
  "users.changePassword": { scope: null },
  "users.deleteSelf": { scope: null },
  // the writer's own preferences (the interface language, decision 0504), as harmless as reading the account
  "users.updateMe": { scope: null },
  "users.list": { scope: "admin" },
  "users.get": { scope: "admin" },
  "users.update": { scope: "admin" },
  "users.delete": { scope: "admin" },
  "users.resetPassword": { scope: "admin" },
  "users.signOut": { scope: "admin" },
  // issue 34 item 6: everything the account owns, in one archive; reading it all is read:books
  "users.archive": { scope: "read:books" },
  "tokens.list": { scope: null },
  "tokens.create": { scope: null },
  "tokens.delete": { scope: null },
  "books.list": { scope: "read:books" },
  "books.get": { scope: "read:books", book: "read" },
  "books.create": { scope: "write:books" },
  "books.update": { scope: "write:books", book: "write" },
  "books.delete": { scope: "write:books", book: "delete" },
  "books.cover": { scope: "read:books", book: "read" },
  "books.setCover": { scope: "write:books", book: "write" },
  "books.deleteCover": { scope: "write:books", book: "write" },
  "chapters.list": { scope: "read:books", book: "read" },
  "chapters.get": { scope: "read:books", book: "read" },
  "chapters.revisions": { scope: "read:books", book: "readDraft" },
  "chapters.upload": { scope: "write:books", book: "write" },
  "chapters.save": { scope: "write:books", book: "write" },
  "chapters.delete": { scope: "write:books", book: "write" },
  "chapters.reorder": { scope: "write:books", book: "write" },
  "chapters.restoreRevision": { scope: "write:books", book: "write" },
  "chapters.untrash": { scope: "write:books", book: "write" },
  // comments anchored in the text (issue 36 item 2, decision 0492): read and written by the roles
  // that comment; writing one is a write to the book, as any change a credential makes
  "comments.list": { scope: "read:books", book: "comment" },
  "comments.get": { scope: "read:books", book: "comment" },
  "comments.create": { scope: "write:books", book: "comment" },
  "comments.reply": { scope: "write:books", book: "comment" },
  "comments.resolve": { scope: "write:books", book: "comment" },
  "comments.edit": { scope: "write:books", book: "comment" },
  "comments.deleteComment": { scope: "write:books", book: "comment" },
  "comments.deleteThread": { scope: "write:books", book: "comment" },
  // suggested edits (issue 36 item 3, decision 0496): read and made by the roles that suggest
  // (owner, co-author, editor); accepted into the text or rejected by those that write it
  "suggestions.list": { scope: "read:books", book: "suggest" },
  "suggestions.get": { scope: "read:books", book: "suggest" },
  "suggestions.create": { scope: "write:books", book: "suggest" },
  "suggestions.decide": { scope: "write:books", book: "reviewSuggestions" },
  "suggestions.decideChapter": { scope: "write:books", book: "reviewSuggestions" },
  // the inbox (issue 36 item 7, decision 0493): the caller's own; it quotes comments, so reading it is read:books
  "inbox.list": { scope: "read:books" },
  "inbox.mark": { scope: "read:books" },
  // beta readers on a shared snapshot (issue 36 item 5, decision 0497): the owner shares one and
  // sees the readers' progress and reactions (the owner's action on snapshots); whoever reads the
  // book reads the shared snapshot, keeps their place (their own state: read:books, as the inbox's
  // marks) and reacts (something the owner sees: write:books)
  "readers.report": { scope: "read:books", book: "manageSnapshots" },
  "readers.share": { scope: "write:books", book: "manageSnapshots" },
  "reading.get": { scope: "read:books", book: "read" },
  "reading.chapter": { scope: "read:books", book: "read" },
  "reading.place": { scope: "read:books", book: "read" },
  "reading.react": { scope: "write:books", book: "read" },
  "reading.comment": { scope: "write:books", book: "read" },
  // parts (卷) of a book (issue 35 item 1, decision 0488): who may read or change them follows
  // chapters; their order is changed by chapters.reorder (PUT …/contents)
  "parts.list": { scope: "read:books", book: "read" },
  "parts.get": { scope: "read:books", book: "read" },
  "parts.contents": { scope: "read:books", book: "read" },
  "parts.create": { scope: "write:books", book: "write" },
  "parts.update": { scope: "write:books", book: "write" },
  "parts.delete": { scope: "write:books", book: "write" },
  // scenes of a chapter (issue 35 item 1, decision 0499): reading follows reading chapters, any
  // change is a change of the chapters' text (write)
  "scenes.list": { scope: "read:books", book: "read" },
  "scenes.get": { scope: "read:books", book: "read" },
  "scenes.split": { scope: "write:books", book: "write" },
  "scenes.create": { scope: "write:books", book: "write" },
  "scenes.update": { scope: "write:books", book: "write" },
  "scenes.reorder": { scope: "write:books", book: "write" },
  "scenes.move": { scope: "write:books", book: "write" },
  "scenes.delete": { scope: "write:books", book: "write" },
  // foreshadowing (伏笔, issue 35 item 3, decision 0501): read by every role that reads the draft
  // (beta readers never: it is all spoilers), planted and paid off by those who edit the plan
  "foreshadowing.list": { scope: "read:books", book: "readDraft" },
  "foreshadowing.get": { scope: "read:books", book: "readDraft" },
  "foreshadowing.create": { scope: "write:books", book: "editPlan" },
  "foreshadowing.update": { scope: "write:books", book: "editPlan" },
  "foreshadowing.delete": { scope: "write:books", book: "editPlan" },
  // the plan of parts, chapters and scenes, and the book's plotlines and labels (issue 35 item 2,
  // decision 0500): whoever reads the book reads its plan (a beta reader, of what is released to
  // them); the roles that plan (owner, co-author, editor) change it
  "plan.outline": { scope: "read:books", book: "read" },
  "plan.update": { scope: "write:books", book: "editPlan" },
  // the timeline (decision 0505): the plan read in story order, by whoever reads the plan
  "plan.timeline": { scope: "read:books", book: "read" },
  "plotlines.list": { scope: "read:books", book: "read" },
  "plotlines.create": { scope: "write:books", book: "editPlan" },
  "plotlines.update": { scope: "write:books", book: "editPlan" },
  "plotlines.delete": { scope: "write:books", book: "editPlan" },
  "labels.list": { scope: "read:books", book: "read" },
  "labels.create": { scope: "write:books", book: "editPlan" },
  "labels.update": { scope: "write:books", book: "editPlan" },
  "labels.delete": { scope: "write:books", book: "editPlan" },
  // the plot grid (issue 35 item 3, decision 0506): whoever reads the plan reads the grid (a beta
  // reader, of the chapters released to them); the roles that plan write its cell notes
  "plotGrid.get": { scope: "read:books", book: "read" },
  "plotGrid.setCell": { scope: "write:books", book: "editPlan" },
  // beat plans (issue 35 item 4, decision 0507): read beside the analysis of the whole draft, so by
  // the roles that read the draft; applied and moved by the roles that plan
  "beats.get": { scope: "read:books", book: "readDraft" },
  "beats.applyTemplate": { scope: "write:books", book: "editPlan" },
  "beats.move": { scope: "write:books", book: "editPlan" },
  "beats.delete": { scope: "write:books", book: "editPlan" },
  // search and replace (issue 23): a preview reads, applying and undoing write
  "search.book": { scope: "read:books", book: "readDraft" },
  "search.library": { scope: "read:books" },
  "search.previewReplace": { scope: "read:books", book: "readDraft" },
  "search.applyReplace": { scope: "write:books", book: "write" },
  "search.changeSets": { scope: "read:books", book: "readDraft" },
  "search.undoChangeSet": { scope: "write:books", book: "write" },
  // a job is its owner's; queuing it took the scope of the work
  "jobs.get": { scope: null },
  "jobs.list": { scope: null },
  "jobs.cancel": { scope: null },
  // webhooks (issue 33 item 9, decision 0474): one scope registers, changes and reads them; what a
  // hook hears is what its account may read, whatever the credential that registered it
  "webhooks.list": { scope: "webhooks" },
  "webhooks.get": { scope: "webhooks" },
  "webhooks.create": { scope: "webhooks" },
  "webhooks.update": { scope: "webhooks" },
  "webhooks.delete": { scope: "webhooks" },
  "webhooks.ping": { scope: "webhooks" },
  "webhooks.deliveries": { scope: "webhooks" },
  "webhooks.redeliver": { scope: "webhooks" },
  // conversion works on what the caller sends, not on stored books: any signed-in caller
  "convert.formats": { scope: null },
  "convert.run": { scope: null },
  "books.export": { scope: "read:books", book: "readDraft" },
  "books.import": { scope: "write:books", book: "write" },
  "analysis.search": { scope: "read:analysis" },
  "analysis.get": { scope: "read:analysis" },
  "analysis.install": { scope: "read:analysis" },
  "analysis.installed": { scope: "read:analysis" },
  "analysis.uninstall": { scope: "read:analysis" },
  "analysis.create": { scope: "write:analysis" },
  "analysis.update": { scope: "write:analysis" },
  "analysis.delete": { scope: "write:analysis" },
  "analyses.run": { scope: "read:analysis", book: "readDraft" },
  "analyses.list": { scope: "read:analysis", book: "readDraft" },
  "analyses.get": { scope: "read:analysis", book: "readDraft" },
  // issue 20 items 9 and §4: several templates at once; a kept result is the runner's to delete
  "analyses.runMany": { scope: "read:analysis", book: "readDraft" },
  "analyses.delete": { scope: "read:analysis", book: "readDraft" },
  // Compare reads two books as an analysis run does: read:analysis, both books the caller's own
  "analyses.compare": { scope: "read:analysis", book: "readDraft" },
  // issue 22: reading goals and history takes read:books, setting goals and plans write:books
  "goals.settings": { scope: "read:books" },
  "goals.updateSettings": { scope: "write:books" },
  "goals.book": { scope: "read:books", book: "readDraft" },
  "goals.setBook": { scope: "write:books", book: "write" },
  "stats.today": { scope: "read:books" },
  "stats.history": { scope: "read:books", book: "readDraft" },
  "stats.bookProgress": { scope: "read:books", book: "readDraft" },
  "releases.plan": { scope: "read:books", book: "readDraft" },
  "releases.setPlan": { scope: "write:books", book: "write" },
  "releases.setChapter": { scope: "write:books", book: "write" },
  // the story bible (issue 21): reading entries, mentions and checks takes read:books, changing them write:books
  "series.list": { scope: "read:books" },
  "series.get": { scope: "read:books" },
  "series.create": { scope: "write:books" },
  "series.update": { scope: "write:books" },
  "series.delete": { scope: "write:books" },
  "bible.entries": { scope: "read:books", book: "readDraft" },
  "bible.names": { scope: "read:books", book: "readDraft" },
  "bible.getEntry": { scope: "read:books", book: "readDraft" },
  "bible.createEntry": { scope: "write:books", book: "write" },
  "bible.updateEntry": { scope: "write:books", book: "write" },
  "bible.deleteEntry": { scope: "write:books", book: "write" },
  "bible.picture": { scope: "read:books", book: "readDraft" },
  "bible.setPicture": { scope: "write:books", book: "write" },
  "bible.deletePicture": { scope: "write:books", book: "write" },
  "bible.relations": { scope: "read:books", book: "readDraft" },
  "bible.createRelation": { scope: "write:books", book: "write" },
  "bible.updateRelation": { scope: "write:books", book: "write" },
  "bible.deleteRelation": { scope: "write:books", book: "write" },
  "bible.mentions": { scope: "read:books", book: "readDraft" },
  "bible.chapterMentions": { scope: "read:books", book: "readDraft" },
  "bible.checks": { scope: "read:books", book: "readDraft" },
  "bible.export": { scope: "read:books", book: "readDraft" },
  "bible.import": { scope: "write:books", book: "write" },
  "bible.addCastMember": { scope: "write:books", book: "write" },
  "bible.proposals": { scope: "read:books", book: "readDraft" },
  // book members (issue 31): who may see them is readDraft; only the owner changes them
  "members.list": { scope: "read:books", book: "readDraft" },
  "members.add": { scope: "write:books", book: "manageMembers" },
  "members.update": { scope: "write:books", book: "manageMembers" },
  "members.remove": { scope: "write:books", book: "manageMembers" },
  // who did what on the book (issue 36 item 6): the people's writing, comments and last hands on
  // each chapter, for everyone who reads the draft (a beta reader sees no other reader)
  "members.activity": { scope: "read:books", book: "readDraft" },
  // invitations (issue 36 item 1, decision 0487): the owner invites, lists and withdraws; anyone
  // signed in accepts one (the link is the credential, and an e-mail invitation names its account)
  "invitations.list": { scope: "read:books", book: "manageMembers" },
  "invitations.create": { scope: "write:books", book: "manageMembers" },
  "invitations.withdraw": { scope: "write:books", book: "manageMembers" },
  "invitations.accept": { scope: null },
  // named snapshots (issue 36 item 4, decision 0489): the owner makes and deletes them; whoever
  // reads the draft reads and compares them; whoever may write restores a chapter from one
  "snapshots.list": { scope: "read:books", book: "readDraft" },
  "snapshots.get": { scope: "read:books", book: "readDraft" },
  "snapshots.chapter": { scope: "read:books", book: "readDraft" },
  "snapshots.compare": { scope: "read:books", book: "readDraft" },
  "snapshots.create": { scope: "write:books", book: "manageSnapshots" },
  "snapshots.delete": { scope: "write:books", book: "manageSnapshots" },
  "snapshots.restore": { scope: "write:books", book: "write" },
  // the writer's back matter (issue 37 item 6, decision 0495): their own, read and set as goals are
  "backMatter.get": { scope: "read:books" },
  "backMatter.update": { scope: "write:books" },
} as const satisfies Record<string, { scope: Scope | null; book?: BookAction }>;

export type Operation = keyof typeof OPERATIONS;

/** Each operation's scope, as the transports and the OpenAPI document read it. */
export const OPERATION_SCOPES = Object.fromEntries(Object.entries(OPERATIONS).map(([operation, { scope }]) => [operation, scope])) as {
  [O in Operation]: (typeof OPERATIONS)[O]["scope"];
};

/** What an operation that names a book asks of the caller's role on it (server/books/policy.ts); undefined: it names no book. */
export function bookActionOf(operation: Operation): BookAction | undefined {
  const declared: { scope: Scope | null; book?: BookAction } = OPERATIONS[operation];
  return declared.book;
}

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
