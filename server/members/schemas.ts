import { z } from "zod";
import { BOOK_ROLES, MEMBER_ROLES } from "../auth/book-roles";
import { emailSchema } from "../auth/schemas";

export const memberParams = z.object({ bookId: z.string().min(1).max(64), userId: z.string().min(1).max(64) });

export const addMemberInput = z
  .strictObject({
    email: emailSchema.describe("the e-mail of an existing account"),
    role: z.enum(MEMBER_ROLES).describe("co_author writes; editor and viewer read (an editor will comment); beta_reader reads the chapters released to readers"),
  })
  .meta({ id: "AddMember" });

export const updateMemberInput = z
  .strictObject({
    role: z.enum(["owner", ...MEMBER_ROLES]).describe('a member role, or "owner": the member becomes the book\'s owner and the former owner a co-author'),
  })
  .meta({ id: "UpdateMember" });

export const memberSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(BOOK_ROLES),
    addedAt: z.iso.datetime().describe("when they joined the book (the owner: when the book was made)"),
  })
  .meta({ id: "Member" });
export type MemberDto = z.infer<typeof memberSchema>;

export const membersSchema = z.array(memberSchema);

export const activityQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(365).default(30).describe("how many days back the people's figures count, today included (1–365, default 30)"),
});

export const personActivitySchema = z
  .object({
    userId: z.string(),
    name: z.string().describe("the name their account gives now, else its e-mail"),
    role: z.enum(BOOK_ROLES).nullable().describe("their role on the book now; null: no longer on it (what they did stays theirs)"),
    written: z.number().int().describe("words they typed into the book's chapters in the period (the writing ledger's count)"),
    removed: z.number().int().describe("words they took out"),
    imported: z.number().int().describe("words they brought in by an import, an upload or a large paste"),
    restored: z.number().int().describe("words they brought back by restoring a version"),
    lastWrote: z.iso.date().nullable().describe("the last day in the period they changed the text (their own time zone's day); null: not in the period"),
    comments: z.number().int().describe("comments and replies they wrote on the book in the period"),
    suggested: z.number().int().describe("edits they suggested in the period"),
    suggestionsAccepted: z.number().int().describe("of those, how many were accepted"),
  })
  .meta({ id: "PersonActivity" });

export const chapterHandSchema = z
  .object({
    chapterId: z.string(),
    version: z.number().int(),
    authorId: z.string().nullable().describe("who wrote the chapter's current version; null: an account since deleted"),
    authorName: z.string().nullable(),
    changedAt: z.iso.datetime(),
  })
  .meta({ id: "ChapterHand" });

export const bookActivitySchema = z
  .object({
    since: z.iso.date().describe("the first day the figures count (UTC)"),
    people: z.array(personActivitySchema).describe("the owner, then the members as they joined, then anyone no longer on the book who did something in the period"),
    chapters: z.array(chapterHandSchema).describe("every chapter (not in the trash): who wrote its current version, and when"),
  })
  .meta({ id: "BookActivity" });
export type BookActivityDto = z.infer<typeof bookActivitySchema>;
export type PersonActivityDto = z.infer<typeof personActivitySchema>;
