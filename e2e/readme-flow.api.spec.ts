import { expect, test, type APIResponse } from "@playwright/test";
import { newWriter } from "./support";

async function data<T>(response: APIResponse, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body).toMatchObject({ code: status, msg: "ok" });
  return body.data;
}

interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

// The README's walk through the API, against the real server: sign up, log in, write, refresh, revoke.
test("the README flow: sign up, log in, create a book, upload a chapter, refresh, revoke", async ({ request }) => {
  const writer = newWriter("readme");

  const user = await data<{ id: string; email: string }>(await request.post("/api/v1/users", { data: writer }), 201);
  expect(user.email).toBe(writer.email);

  const login = await data<TokenPair>(
    await request.post("/auth/login", { data: { email: writer.email, password: writer.password, name: "readme" } }),
    200,
  );
  expect(login.token_type).toBe("Bearer");
  expect(login.scope.split(" ")).toEqual(expect.arrayContaining(["read:books", "write:books"]));
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  const book = await data<{ id: string; title: string; wordCount: number }>(
    await request.post("/api/v1/books", { headers: bearer(login.access_token), data: { title: "Northern Lights", type: "fantasy" } }),
    201,
  );
  expect(book).toMatchObject({ title: "Northern Lights", wordCount: 0 });

  const chapter = await data<{ id: string; title: string; version: number; wordCount: number }>(
    await request.post(`/api/v1/books/${book.id}/chapters`, {
      headers: bearer(login.access_token),
      data: { content: "# The Jordan Rooms\n\nLyra and her daemon moved through the darkening hall." },
    }),
    201,
  );
  expect(chapter).toMatchObject({ title: "The Jordan Rooms", version: 1 });
  expect(chapter.wordCount).toBeGreaterThan(8);

  const listed = await data<{ id: string; wordCount: number }[]>(
    await request.get("/api/v1/books", { headers: bearer(login.access_token) }),
    200,
  );
  expect(listed).toEqual([expect.objectContaining({ id: book.id, wordCount: chapter.wordCount })]);

  // Refresh rotates the pair: the old access token stops working, the new one works.
  const refreshed = await data<TokenPair>(await request.post("/auth/refresh", { data: { refresh_token: login.refresh_token } }), 200);
  expect(refreshed.access_token).not.toBe(login.access_token);
  const rotated = await request.get("/api/v1/books", { headers: bearer(login.access_token) });
  expect(rotated.status()).toBe(401);
  expect(await rotated.json()).toMatchObject({ code: 40103, error: "token_revoked" });
  await data(await request.get(`/api/v1/books/${book.id}`, { headers: bearer(refreshed.access_token) }), 200);

  // Revoke: the token is refused at once.
  await data(await request.post("/auth/revoke", { headers: bearer(refreshed.access_token) }), 200);
  const afterRevoke = await request.get("/api/v1/books", { headers: bearer(refreshed.access_token) });
  expect(afterRevoke.status()).toBe(401);
  expect(await afterRevoke.json()).toMatchObject({ code: 40103, error: "token_revoked", msg: expect.any(String) });
  const reusedRefresh = await request.post("/auth/refresh", { data: { refresh_token: refreshed.refresh_token } });
  expect(reusedRefresh.status()).toBe(401);
  expect(await reusedRefresh.json()).toMatchObject({ code: 40103, error: "token_revoked" });
});
