import type { Principal } from "../auth/principal";
import { actsForEveryone } from "../auth/scopes";
import { AppError } from "../errors";
import { MEMBER_ROLES, roleMayDo, type BookAction, type BookRole, type MemberRole } from "../auth/book-roles";

/**
 * Who may do what with a book (issue 31, decision 0457): the one policy every path asks, through
 * `loadBook` (server/books/access.ts) or `assertCan` on a book it already loaded. A transport never
 * compares owner ids itself. Pure: the caller's role on the book comes with the book's row.
 */
/** What the policy needs of a book: its owner, and the caller's membership row's role if any. */
export interface BookAccess {
  ownerId: string;
  memberRole: string | null;
  /** the snapshot the book shares with its readers (decision 0497); absent or null: none */
  readerSnapshotId?: string | null;
}

/** A chapter as the policy sees it: released to readers or not. */
export interface ChapterAccess {
  releasedAt: Date | null;
  /** the snapshot the chapter is read from; absent: the live chapter */
  snapshotId?: string;
}

/**
 * A reader who does not read the draft reads a chapter released to readers, and from where the book
 * shares it: the snapshot its owner shared with readers, or — when it shares none — the live chapter
 * (decision 0457, before snapshots could be shared). So once a snapshot is shared, the moving draft
 * is closed to them (decision 0497).
 */
function readerMayRead(book: BookAccess, chapter: ChapterAccess): boolean {
  return chapter.releasedAt !== null && (chapter.snapshotId ?? null) === (book.readerSnapshotId ?? null);
}

/** The role the principal acts with on the book; null: none (a stranger). An admin acts as the owner. */
export function roleOn(principal: Principal, book: BookAccess): BookRole | null {
  if (book.ownerId === principal.userId || actsForEveryone(principal)) return "owner";
  return (MEMBER_ROLES as readonly string[]).includes(book.memberRole ?? "") ? (book.memberRole as MemberRole) : null;
}

export function can(principal: Principal, action: BookAction, book: BookAccess, chapter?: ChapterAccess): boolean {
  const role = roleOn(principal, book);
  if (!role || !roleMayDo(role, action)) return false;
  // A beta reader reads only what was released to readers; every other role that reads, reads all.
  return !chapter || roleMayDo(role, "readDraft") || readerMayRead(book, chapter);
}

const DOING: Record<BookAction, string> = {
  read: "read it",
  readDraft: "read its draft",
  comment: "comment on it",
  suggest: "suggest edits to it",
  reviewSuggestions: "accept or reject suggested edits",
  write: "change it",
  delete: "delete or restore it",
  manageMembers: "manage its members",
  manageSnapshots: "make or delete its snapshots",
  plan: "change its plan",
};

/** Throws 403 forbidden, saying which role the caller has and what it does not allow. */
export function assertCan(principal: Principal, action: BookAction, book: BookAccess, chapter?: ChapterAccess): void {
  if (can(principal, action, book, chapter)) return;
  const role = roleOn(principal, book);
  if (!role) throw new AppError("forbidden", "This book belongs to another writer.");
  if (chapter && roleMayDo(role, action)) {
    if (chapter.releasedAt !== null) throw new AppError("forbidden", "This book's readers read the snapshot its owner shares with them, not the draft.", { role });
    throw new AppError("forbidden", "This chapter is not released to readers yet.", { role });
  }
  throw new AppError("forbidden", `As this book's ${role.replace("_", " ")} you may not ${DOING[action]}.`, { role, action });
}
