import type { BookRole } from "@/server/auth/book-roles";

/**
 * A role as the pages name it, in English.
 * @deprecated The books pages say `books.roles.<role>` in the page's language (decision 0510); this
 * stays for the pages of other slices (inbox, chapter reading) until they name roles in theirs.
 */
export const ROLE_LABELS: Record<BookRole, string> = {
  owner: "Owner",
  co_author: "Co-author",
  editor: "Editor",
  viewer: "Viewer",
  beta_reader: "Beta reader",
};
