import { z } from "zod";
import { MEMBER_ROLES } from "../auth/book-roles";

export const NOTIFICATION_KINDS = ["comment", "reply", "mention", "invitation", "suggestion", "suggestion_accepted", "suggestion_rejected", "reader_finished", "foreshadowing_overdue"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationParams = z.object({ notificationId: z.string().min(1).max(64) });

export const markReadInput = z.strictObject({ read: z.boolean().describe("true marks it read, false unread again") }).meta({ id: "MarkNotification" });

const INVITATION_STATES = ["pending", "accepted", "withdrawn", "expired", "book_deleted"] as const;

export const notificationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS).describe("comment: a new thread on your book; reply: a reply in a thread you wrote in; mention: a comment naming you; invitation: an invitation to a book for your e-mail; suggestion: a suggested edit to your book; suggestion_accepted, suggestion_rejected: your suggestion was decided; reader_finished: a reader reached the end of a chapter of the snapshot you shared; foreshadowing_overdue: the book was written through a foreshadowing's pay-off-by chapter without its payoff (told once per foreshadowing, to the book's writers)"),
    read: z.boolean(),
    createdAt: z.iso.datetime(),
    book: z.object({ id: z.string(), title: z.string() }),
    actor: z
      .object({
        id: z.string(),
        name: z.string(),
        readerNumber: z.int().nullable().describe('a beta reader the owner shows no names of: their number, which `name` words as "Reader N"; null otherwise'),
      })
      .nullable()
      .describe("who did it; null: an account since deleted"),
    thread: z.object({ id: z.string(), chapterId: z.string(), chapterTitle: z.string(), quote: z.string() }).nullable(),
    comment: z.object({ id: z.string(), excerpt: z.string().describe("the comment's first 280 characters") }).nullable(),
    suggestion: z
      .object({ id: z.string(), chapterId: z.string(), chapterTitle: z.string(), quote: z.string(), replacement: z.string(), state: z.enum(["open", "accepted", "rejected"]) })
      .nullable()
      .describe("the suggested edit told of, as it stands now"),
    invitation: z
      .object({ id: z.string(), role: z.enum(MEMBER_ROLES), expiresAt: z.iso.datetime(), state: z.enum(INVITATION_STATES), link: z.string().nullable().describe("while pending: the link that accepts it") })
      .nullable(),
    foreshadowing: z
      .object({ id: z.string(), title: z.string(), state: z.enum(["planted", "paid_off", "dropped"]).describe("as it stands now: paid_off or dropped once settled") })
      .nullable()
      .describe("foreshadowing_overdue: the foreshadowing told of"),
    readChapter: z.object({ id: z.string(), title: z.string() }).nullable().describe("reader_finished: the snapshot's chapter they finished"),
    href: z.string().describe("where the app shows it"),
  })
  .meta({ id: "Notification" });
export type NotificationDto = z.infer<typeof notificationSchema>;

export const markedAllSchema = z.object({ marked: z.int().min(0).describe("how many were unread and are read now") }).meta({ id: "MarkedAllRead" });
