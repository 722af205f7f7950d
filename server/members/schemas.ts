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
