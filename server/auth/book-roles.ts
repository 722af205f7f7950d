/**
 * The roles a person can have on a book and the actions the policy (server/books/policy.ts)
 * grants them: a leaf, so that the operation table (scopes.ts) can name an operation's action.
 */
export const BOOK_ROLES = ["owner", "co_author", "editor", "beta_reader", "viewer"] as const;
export type BookRole = (typeof BOOK_ROLES)[number];
/** The roles the owner gives: a book has one owner, who is never a member row. */
export const MEMBER_ROLES = ["co_author", "editor", "beta_reader", "viewer"] as const satisfies readonly BookRole[];
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * - `read`: the book, its cover and the chapters released to readers (a beta reader's whole view);
 * - `readDraft`: everything else there is to read — every chapter, revisions, the bible, goals,
 *   analysis, search, exports, the members;
 * - `comment`: comments (issue 36 item 2);
 * - `suggest`: reading the book's suggested edits and suggesting one (issue 36 item 3, decision
 *   0496): an editor proposes changes to the text without writing it;
 * - `reviewSuggestions`: accepting a suggestion into the text, or rejecting it: those who write it;
 * - `write`: the text, chapters, the book's attributes, the bible, the cover, the release plan;
 * - `delete`: trashing, restoring and purging the book;
 * - `manageMembers`: adding, changing and removing members;
 * - `manageSnapshots`: freezing the book as a named snapshot and deleting one (decision 0489): the
 *   owner's, since a snapshot is what the owner hands to readers. Reading and comparing them is
 *   `readDraft`; restoring a chapter from one is `write`.
 * - `editPlan`: planning the book ahead of its text — the plan of its parts, chapters and scenes,
 *   its plotlines and labels (issue 35 item 2, decision 0500) and its foreshadowing (item 3,
 *   decision 0501): those who write it and its editor, as planning is editorial work; reading the
 *   plan is `read` (a beta reader: what is released to them; foreshadowing never).
 */
export const BOOK_ACTIONS = ["read", "readDraft", "comment", "suggest", "reviewSuggestions", "write", "delete", "manageMembers", "manageSnapshots", "editPlan"] as const;
export type BookAction = (typeof BOOK_ACTIONS)[number];

const ROLE_ACTIONS: Record<BookRole, ReadonlySet<BookAction>> = {
  owner: new Set(BOOK_ACTIONS),
  co_author: new Set(["read", "readDraft", "comment", "suggest", "reviewSuggestions", "write", "editPlan"]),
  editor: new Set(["read", "readDraft", "comment", "suggest", "editPlan"]),
  viewer: new Set(["read", "readDraft"]),
  beta_reader: new Set(["read"]),
};

export function roleMayDo(role: BookRole, action: BookAction): boolean {
  return ROLE_ACTIONS[role].has(action);
}

/** The member roles that may do an action on every book they are members of (a search over "my books"). */
export function memberRolesThatMay(action: BookAction): MemberRole[] {
  return MEMBER_ROLES.filter((role) => roleMayDo(role, action));
}
