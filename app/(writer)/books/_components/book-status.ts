import type { BookDto } from "@/server/books/schemas";

export type BookStatus = BookDto["status"];

/** Every status a book can have, with its name in the page (a Record, so none is forgotten). */
export const STATUS_LABELS: Record<BookStatus, string> = {
  planning: "Planning",
  drafting: "Drafting",
  revising: "Revising",
  finished: "Finished",
};

export const STATUS_OPTIONS = Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }));
