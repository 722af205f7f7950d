import type { BookRole } from "@/server/auth/book-roles";

/** A role as the pages name it. */
export const ROLE_LABELS: Record<BookRole, string> = {
  owner: "Owner",
  co_author: "Co-author",
  editor: "Editor",
  viewer: "Viewer",
  beta_reader: "Beta reader",
};
