import { archiveAccountEndpoint } from "../../http/endpoints/account-archive";
import {
  changePasswordEndpoint,
  currentUserEndpoint,
  deleteAccountEndpoint,
  deleteOwnAccountEndpoint,
  getAccountEndpoint,
  listAccountsEndpoint,
  resetPasswordEndpoint,
  signOutAccountEndpoint,
  updateAccountEndpoint,
  updateMeEndpoint,
} from "../../http/endpoints/users";
import { router } from "../init";
import { listProcedureOf } from "../list-procedure";
import { procedureOf } from "../procedure-of";

export const usersRouter = router({
  /** The account behind the session or token, as GET /api/v1/users/me answers it. */
  me: procedureOf(currentUserEndpoint),
  /** The writer's own preferences (the interface language), as PATCH /api/v1/users/me. */
  updateMe: procedureOf(updateMeEndpoint),
  changePassword: procedureOf(changePasswordEndpoint),
  deleteSelf: procedureOf(deleteOwnAccountEndpoint, "deleted"),
  // the admin's (scope admin)
  list: listProcedureOf(listAccountsEndpoint),
  get: procedureOf(getAccountEndpoint),
  update: procedureOf(updateAccountEndpoint),
  delete: procedureOf(deleteAccountEndpoint, "deleted"),
  resetPassword: procedureOf(resetPasswordEndpoint),
  signOut: procedureOf(signOutAccountEndpoint),
  /** Queues the archive of everything the account owns, as POST /api/v1/users/me/archive: the job to poll, its file the zip. */
  archive: procedureOf(archiveAccountEndpoint),
});
