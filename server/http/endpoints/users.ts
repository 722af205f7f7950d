import { clientAddress } from "../../auth/client-address";
import { createUser, createUserInput } from "../../users/create-user";
import { getCurrentUser } from "../../users/get-current-user";
import { userSchema } from "../../users/schemas";
import { defineEndpoint } from "../endpoint";
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
