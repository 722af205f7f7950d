// @module-tag postgres
// Issue 34 item 6: accounts an admin can manage and a writer can leave (decision 0483), against the
// running server: every refusal changes nothing, every credential ends when the issue says it must.
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, uploadChapter } from "../support/http-books";
import { call, expectFailure, expectSuccess, get, patch, post, put } from "../support/http-client";
import { login, mintToken, PASSWORD, signInAdmin, signUp, type Account } from "../support/http-users";

const NEW_PASSWORD = "another long enough password";

let admin: Account;
beforeAll(async () => {
  admin = await signInAdmin();
});

const deleteSelf = (token: string, password: string) => call("DELETE", "/api/v1/users/me", { token, json: { password } });
const accountOf = async (userId: string) => expectSuccess(await get(`/api/v1/users/${userId}`, admin.token), 200);

describe("changing one's password", () => {
  it("takes the current password, ends every other sign-in and keeps the one that asked", async () => {
    const writer = await signUp("password-changer");
    const otherLogin = await login(writer.email, PASSWORD, { name: "laptop" });
    const personal = await mintToken(otherLogin.access_token, ["read:books"], "minted by the laptop");
    const mintedHere = await mintToken(writer.token, ["read:books"], "minted by the asking login");

    const wrong = expectFailure(await put("/api/v1/users/me/password", writer.token, { currentPassword: "not it at all", newPassword: NEW_PASSWORD }), 422, "validation_failed");
    expect(wrong).toEqual([{ path: "currentPassword", message: "is not your password", code: "custom", key: "notYourPassword" }]);
    expectFailure(await put("/api/v1/users/me/password", writer.token, { currentPassword: PASSWORD, newPassword: "short" }), 422, "validation_failed");
    // Refused twice, nothing changed: the laptop still works and the old password still signs in.
    expectSuccess(await get("/api/v1/users/me", otherLogin.access_token), 200);

    const ended = expectSuccess(await put("/api/v1/users/me/password", writer.token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }), 201);
    expect(ended).toEqual({ revokedTokens: 2, endedSessions: 0 });
    expectFailure(await get("/api/v1/users/me", otherLogin.access_token), 401, "token_revoked");
    expectFailure(await get("/api/v1/users/me", personal.token), 401, "token_revoked");
    expectSuccess(await get("/api/v1/users/me", writer.token), 200);
    expectSuccess(await get("/api/v1/users/me", mintedHere.token), 200);
    expectFailure(await post("/auth/login", null, { email: writer.email, password: PASSWORD }), 401, "invalid_credentials");
    expectSuccess(await get("/api/v1/users/me", (await login(writer.email, NEW_PASSWORD)).access_token), 200);
  });
});

describe("the admin's accounts", () => {
  it("lists every account with its books, filtered and paged, for an admin-scoped credential only", async () => {
    const writer = await signUp("listed");
    await createBook(writer.token, { title: "Counted" });
    const page = expectSuccess(await get("/api/v1/users?role=writer&disabled=false&per_page=100&sortby=createdAt&order=desc", admin.token), 200);
    expect(page).toContainEqual(expect.objectContaining({ id: writer.id, email: writer.email, role: "writer", disabledAt: null, books: 1 }));
    expect(page.every((account: { role: string }) => account.role === "writer")).toBe(true);
    expect(JSON.stringify(page)).not.toMatch(/passwordHash|argon2/);
    expectFailure(await get("/api/v1/users", writer.token), 403, "insufficient_scope");
    expectFailure(await get(`/api/v1/users/${writer.id}`, writer.token), 403, "insufficient_scope");
    expectFailure(await get("/api/v1/users/no-such-account", admin.token), 404, "not_found");
    expectFailure(await get("/api/v1/users?disabled=maybe", admin.token), 400, "invalid_query");
  });

  it("disables an account: its tokens and sign-in are refused at once, until it is enabled again", async () => {
    const writer = await signUp("disabled");
    const personal = await mintToken(writer.token, ["read:books"]);
    const account = expectSuccess(await patch(`/api/v1/users/${writer.id}`, admin.token, { disabled: true }), 201);
    expect(account).toMatchObject({ id: writer.id, disabledAt: expect.any(String) });
    expectFailure(await get("/api/v1/books", writer.token), 401, "token_revoked");
    expectFailure(await get("/api/v1/books", personal.token), 401, "token_revoked");
    expectFailure(await post("/auth/login", null, { email: writer.email, password: PASSWORD }), 403, "account_disabled");
    // Only the password's holder learns that the account is disabled.
    expectFailure(await post("/auth/login", null, { email: writer.email, password: "a wrong password" }), 401, "invalid_credentials");
    expectFailure(await post("/auth/refresh", null, { refresh_token: writer.refreshToken }), 401, "token_revoked");

    expect(expectSuccess(await patch(`/api/v1/users/${writer.id}`, admin.token, { disabled: false }), 201)).toMatchObject({ disabledAt: null });
    expectSuccess(await get("/api/v1/books", (await login(writer.email, PASSWORD)).access_token), 200);
    // What was revoked stays revoked.
    expectFailure(await get("/api/v1/books", personal.token), 401, "token_revoked");
  });

  it("gives a token its holder's role: an admin made a writer loses admin from every token at its next request", async () => {
    const promoted = await signUp("promoted");
    expectSuccess(await patch(`/api/v1/users/${promoted.id}`, admin.token, { role: "admin" }), 201);
    const adminLogin = await login(promoted.email, PASSWORD);
    expect(adminLogin.scope.split(" ")).toContain("admin");
    expectSuccess(await get("/api/v1/users", adminLogin.access_token), 200);
    expectSuccess(await patch(`/api/v1/users/${promoted.id}`, admin.token, { role: "writer" }), 201);
    expectFailure(await get("/api/v1/users", adminLogin.access_token), 403, "insufficient_scope");
    expectSuccess(await get("/api/v1/books", adminLogin.access_token), 200);
  });

  it("resets a forgotten password: a new one shown once, every sign-in of the account ended", async () => {
    const writer = await signUp("forgetful");
    const reset = expectSuccess(await post(`/api/v1/users/${writer.id}/password-reset`, admin.token), 201);
    expect(reset).toEqual({ temporaryPassword: expect.stringMatching(/^[\w-]{20}$/), revokedTokens: 1, endedSessions: 0 });
    expectFailure(await get("/api/v1/users/me", writer.token), 401, "token_revoked");
    expectFailure(await post("/auth/login", null, { email: writer.email, password: PASSWORD }), 401, "invalid_credentials");
    const pair = await login(writer.email, reset.temporaryPassword);
    expectSuccess(await put("/api/v1/users/me/password", pair.access_token, { currentPassword: reset.temporaryPassword, newPassword: NEW_PASSWORD }), 201);
  });

  it("signs an account out everywhere, leaving its password", async () => {
    const writer = await signUp("signed-out");
    const personal = await mintToken(writer.token, ["read:books"]);
    expect(expectSuccess(await post(`/api/v1/users/${writer.id}/sign-out`, admin.token), 201)).toEqual({ revokedTokens: 2, endedSessions: 0 });
    expectFailure(await get("/api/v1/users/me", writer.token), 401, "token_revoked");
    expectFailure(await get("/api/v1/users/me", personal.token), 401, "token_revoked");
    expectSuccess(await get("/api/v1/users/me", (await login(writer.email, PASSWORD)).access_token), 200);
  });

  it("changes its own account only as its writer", async () => {
    for (const response of [
      await patch(`/api/v1/users/${admin.id}`, admin.token, { disabled: true }),
      await patch(`/api/v1/users/${admin.id}`, admin.token, { role: "writer" }),
      await call("DELETE", `/api/v1/users/${admin.id}`, { token: admin.token }),
      await post(`/api/v1/users/${admin.id}/password-reset`, admin.token),
      await post(`/api/v1/users/${admin.id}/sign-out`, admin.token),
    ]) {
      expectFailure(response, 409, "own_account");
    }
    expect(await accountOf(admin.id)).toMatchObject({ role: "admin", disabledAt: null });
    expectSuccess(await get("/api/v1/users/me", admin.token), 200);
  });

  it("sees every account's jobs, or one account's; a writer sees only their own", async () => {
    const [one, two] = await Promise.all([signUp("job-one"), signUp("job-two")]);
    const jobOf = async (writer: Account) => {
      const book = await createBook(writer.token, { title: `${writer.email}'s` });
      await uploadChapter(writer.token, book.id, "Some words to export.");
      return (expectSuccess(await get(`/api/v1/books/${book.id}/export?format=md&async=1`, writer.token), 202) as { id: string }).id;
    };
    const [first, second] = await Promise.all([jobOf(one), jobOf(two)]);
    const everyone = expectSuccess(await get("/api/v1/jobs?per_page=100", admin.token), 200) as { id: string; ownerId: string }[];
    expect(everyone).toEqual(expect.arrayContaining([expect.objectContaining({ id: first, ownerId: one.id }), expect.objectContaining({ id: second, ownerId: two.id })]));
    expect(expectSuccess(await get(`/api/v1/jobs?owner=${one.id}`, admin.token), 200)).toEqual([expect.objectContaining({ id: first })]);
    expect(expectSuccess(await get("/api/v1/jobs", one.token), 200)).toEqual([expect.objectContaining({ id: first, ownerId: one.id })]);
    expectSuccess(await get(`/api/v1/jobs?owner=${one.id}`, one.token), 200);
    expectFailure(await get(`/api/v1/jobs?owner=${two.id}`, one.token), 403, "forbidden");
  });
});

describe("leaving", () => {
  it("deletes a writer's account and data once the books others work on have another owner", async () => {
    const [leaving, coAuthor] = await Promise.all([signUp("leaving"), signUp("staying")]);
    const shared = await createBook(leaving.token, { title: "Written together" });
    const sharedChapter = await uploadChapter(leaving.token, shared.id, "Our chapter.");
    const own = await createBook(leaving.token, { title: "Mine alone" });
    await uploadChapter(leaving.token, own.id, "My chapter.");
    expectSuccess(await post(`/api/v1/books/${shared.id}/members`, leaving.token, { email: coAuthor.email, role: "co_author" }), 201);

    expectFailure(await deleteSelf(leaving.token, "not my password"), 422, "validation_failed");
    const blocked = expectFailure(await deleteSelf(leaving.token, PASSWORD), 409, "owns_shared_books");
    expect(blocked).toEqual({ books: [{ id: shared.id, title: "Written together" }] });
    expectSuccess(await get("/api/v1/users/me", leaving.token), 200);

    // The co-author is made the owner; the former owner stays as a co-author, out of their series.
    const handedOver = expectSuccess(await patch(`/api/v1/books/${shared.id}/members/${coAuthor.id}`, leaving.token, { role: "owner" }), 201);
    expect(handedOver).toMatchObject({ userId: coAuthor.id, role: "owner" });
    const members = expectSuccess(await get(`/api/v1/books/${shared.id}/members`, coAuthor.token), 200);
    expect(members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [coAuthor.id, "owner"],
      [leaving.id, "co_author"],
    ]);
    expectFailure(await patch(`/api/v1/books/${shared.id}/members/${coAuthor.id}`, leaving.token, { role: "viewer" }), 403, "forbidden");

    expectSuccess(await deleteSelf(leaving.token, PASSWORD), 204);
    expectFailure(await get("/api/v1/users/me", leaving.token), 401, "token_revoked");
    expectFailure(await post("/auth/login", null, { email: leaving.email, password: PASSWORD }), 401, "invalid_credentials");
    expectFailure(await get(`/api/v1/books/${own.id}`, admin.token), 404, "not_found");
    expectFailure(await get(`/api/v1/users/${leaving.id}`, admin.token), 404, "not_found");
    // The book that was handed over lives on with its new owner, without the one who left.
    expect(expectSuccess(await get(`/api/v1/books/${shared.id}/chapters/${sharedChapter.id}`, coAuthor.token), 200)).toMatchObject({ content: "Our chapter." });
    expect(expectSuccess(await get(`/api/v1/books/${shared.id}/members`, coAuthor.token), 200)).toEqual([expect.objectContaining({ userId: coAuthor.id, role: "owner" })]);
    // The address is free again.
    expectSuccess(await post("/api/v1/users", null, { email: leaving.email, password: PASSWORD }), 201);
  });

  it("lets the admin delete another account with its data, under the same rule for shared books", async () => {
    const [gone, member] = await Promise.all([signUp("deleted-by-admin"), signUp("their-member")]);
    const book = await createBook(gone.token, { title: "Shared, then not" });
    expectSuccess(await post(`/api/v1/books/${book.id}/members`, gone.token, { email: member.email, role: "viewer" }), 201);
    expectFailure(await call("DELETE", `/api/v1/users/${gone.id}`, { token: admin.token }), 409, "owns_shared_books");
    expectSuccess(await call("DELETE", `/api/v1/books/${book.id}/members/${member.id}`, { token: gone.token }), 204);
    expectSuccess(await call("DELETE", `/api/v1/users/${gone.id}`, { token: admin.token }), 204);
    expectFailure(await get(`/api/v1/books/${book.id}`, member.token), 404, "not_found");
    expectFailure(await call("DELETE", `/api/v1/users/${gone.id}`, { token: admin.token }), 404, "not_found");
  });
});
