import { currentUserEndpoint } from "../../http/endpoints/users";
import { router } from "../init";
import { procedureOf } from "../procedure-of";

export const usersRouter = router({
  /** The account behind the session or token, as GET /api/v1/users/me answers it. */
  me: procedureOf(currentUserEndpoint),
});
