import { z } from "zod";
import { bookIdParams } from "../../books/schemas";
import { addMember } from "../../members/add-member";
import { listMembers } from "../../members/list-members";
import { removeMember } from "../../members/remove-member";
import { addMemberInput, memberParams, memberSchema, membersSchema, updateMemberInput } from "../../members/schemas";
import { updateMember } from "../../members/update-member";
import { operationProcedure, router } from "../init";

// Strict inputs composed from REST's path parameters and bodies (server/members/schemas.ts).
export const membersRouter = router({
  list: operationProcedure("members.list")
    .input(z.strictObject(bookIdParams.shape))
    .output(membersSchema)
    .query(({ input, ctx }) => listMembers(input, ctx.principal)),
  add: operationProcedure("members.add")
    .input(z.strictObject({ ...bookIdParams.shape, ...addMemberInput.shape }))
    .output(memberSchema)
    .mutation(({ input, ctx }) => addMember(input, ctx.principal)),
  update: operationProcedure("members.update")
    .input(z.strictObject({ ...memberParams.shape, ...updateMemberInput.shape }))
    .output(memberSchema)
    .mutation(({ input, ctx }) => updateMember(input, ctx.principal)),
  remove: operationProcedure("members.remove")
    .input(z.strictObject(memberParams.shape))
    .output(z.object({ removed: z.literal(true) }))
    .mutation(async ({ input, ctx }) => {
      await removeMember(input, ctx.principal);
      return { removed: true as const };
    }),
});
