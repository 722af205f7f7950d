import { z } from "zod";
import { clientAddress } from "../../auth/client-address";
import { changePassword } from "../../users/change-password";
import { createUser, createUserInput } from "../../users/create-user";
import { deleteAccount } from "../../users/delete-account";
import { deleteOwnAccount } from "../../users/delete-own-account";
import { getAccount } from "../../users/get-account";
import { getCurrentUser } from "../../users/get-current-user";
import { accountsCollection, listAccounts } from "../../users/list-accounts";
import { resetPassword } from "../../users/reset-password";
import {
  accountSchema,
  changePasswordInput,
  deleteOwnAccountInput,
  endedSignInsSchema,
  passwordResetSchema,
  updateAccountInput,
  updateMeInput,
  userIdParams,
  userSchema,
} from "../../users/schemas";
import { signOutAccount } from "../../users/sign-out-account";
import { updateAccount } from "../../users/update-account";
import { updateMe } from "../../users/update-me";
import { defineEndpoint, defineListEndpoint } from "../endpoint";
import { success } from "../envelope";

// POST /api/v1/users — sign up (the first user becomes admin)
export const createUserEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/users",
  summary: "Sign up; with sign-up closed, an admin-scoped caller adds a user",
  operation: null,
  auth: "optional",
  body: { schema: createUserInput },
  success: { status: 201, description: "the new account", schema: userSchema },
  errors: ["email_taken", "signup_closed", "rate_limited"],
  handle: async ({ body, principal, request }) => success(await createUser(body, principal, clientAddress(request.headers)), 201),
});

// GET /api/v1/users/me — the account behind the credential
export const currentUserEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me",
  summary: "The signed-in account",
  operation: "users.me",
  auth: "required",
  success: { status: 200, description: "the account", schema: userSchema },
  run: (_, principal) => getCurrentUser(principal),
});

// PATCH /api/v1/users/me — the writer's own preferences
export const updateMeEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/users/me",
  summary: "Change your own account's preferences: the interface language",
  operation: "users.updateMe",
  auth: "required",
  body: { schema: updateMeInput },
  success: { status: 201, description: "the account", schema: userSchema },
  run: updateMe,
});

// PUT /api/v1/users/me/password — a new password; every other sign-in ends
export const changePasswordEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/v1/users/me/password",
  summary: "Change your password (give the current one); every other sign-in of the account ends, this credential stays",
  operation: "users.changePassword",
  auth: "required",
  body: { schema: changePasswordInput },
  requiredAttributes: Object.keys(changePasswordInput.shape),
  success: { status: 201, description: "the password is changed: how many other sign-ins ended", schema: endedSignInsSchema },
  errors: ["rate_limited"],
  run: changePassword,
});

// DELETE /api/v1/users/me — the writer leaves with their data
export const deleteOwnAccountEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/users/me",
  summary: "Delete your account and everything it owns, for good (give your password); a book others work on must first have another owner",
  operation: "users.deleteSelf",
  auth: "required",
  body: { schema: deleteOwnAccountInput },
  success: { status: 204, description: "the account and its data are gone" },
  errors: ["owns_shared_books", "last_admin", "rate_limited"],
  run: deleteOwnAccount,
});

// GET /api/v1/users — every account, for the admin
export const listAccountsEndpoint = defineListEndpoint({
  path: "/api/v1/users",
  summary: "List every account on the server, newest first (admin)",
  operation: "users.list",
  collection: accountsCollection,
  success: { status: 200, description: "one page of accounts", schema: z.array(accountSchema) },
  list: (_, options, principal) => listAccounts(options, principal),
});

// GET /api/v1/users/{userId} — one account, for the admin
export const getAccountEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/{userId}",
  summary: "Read an account (admin)",
  operation: "users.get",
  auth: "required",
  params: userIdParams,
  success: { status: 200, description: "the account", schema: accountSchema },
  run: getAccount,
});

// PATCH /api/v1/users/{userId} — disable, enable, or change the role of another account
export const updateAccountEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/users/{userId}",
  summary: "Disable or enable another account, or change its role (admin); disabling ends every sign-in of it at once",
  operation: "users.update",
  auth: "required",
  params: userIdParams,
  body: { schema: updateAccountInput },
  writableAttributes: Object.keys(updateAccountInput.shape),
  success: { status: 201, description: "the account as it now is", schema: accountSchema },
  errors: ["own_account"],
  run: updateAccount,
});

// DELETE /api/v1/users/{userId} — another account, with its data
export const deleteAccountEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/users/{userId}",
  summary: "Delete another account and everything it owns, for good (admin); a book others work on must first have another owner",
  operation: "users.delete",
  auth: "required",
  params: userIdParams,
  success: { status: 204, description: "the account and its data are gone" },
  errors: ["own_account", "owns_shared_books"],
  run: deleteAccount,
});

// POST /api/v1/users/{userId}/password-reset — a new password for a writer who forgot theirs
export const resetPasswordEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/{userId}/password-reset",
  summary: "Give another account a new random password, answered this once to hand over; every sign-in of it ends (admin)",
  operation: "users.resetPassword",
  auth: "required",
  params: userIdParams,
  success: { status: 201, description: "the temporary password (shown once) and the sign-ins ended", schema: passwordResetSchema },
  errors: ["own_account"],
  run: resetPassword,
});

// POST /api/v1/users/{userId}/sign-out — every token and browser of an account, ended
export const signOutAccountEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/{userId}/sign-out",
  summary: "Revoke every token of another account and sign out its browsers (admin); its password stays",
  operation: "users.signOut",
  auth: "required",
  params: userIdParams,
  success: { status: 201, description: "how many sign-ins ended", schema: endedSignInsSchema },
  errors: ["own_account"],
  run: signOutAccount,
});
