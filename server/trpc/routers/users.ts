import { getCurrentUser } from "../../users/get-current-user";
import { userSchema } from "../../users/schemas";
import { operationProcedure, router } from "../init";

export const usersRouter = router({
  /** The account behind the session or token, as GET /api/v1/users/me answers it. */
  me: operationProcedure("users.me")
    .output(userSchema)
    .query(({ ctx }) => getCurrentUser(ctx.principal)),
});
