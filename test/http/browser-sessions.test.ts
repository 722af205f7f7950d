import { describe, expect, it } from "vitest";
import { call, expectFailure, expectSuccess } from "../support/http-client";
import { browserSignIn, browserSignOut } from "../support/http-browser";
import { trpcQuery } from "../support/http-trpc";
import { createBook } from "../support/http-books";
import { mintToken, PASSWORD, signUp } from "../support/http-users";

const page = (cookie: string) => call("GET", "/settings/tokens", { headers: { cookie, accept: "text/html" } });

describe("signing out of the browser", () => {
  it("ends the session on the server: the old cookie is refused by pages, REST and tRPC", async () => {
    const writer = await signUp("sign-out");
    const jar = await browserSignIn(writer.email, PASSWORD);
    const cookie = jar.header();
    expect(expectSuccess(await call("GET", "/api/v1/users/me", { headers: { cookie } }), 200).id).toBe(writer.id);
    // What the cookie reaches is this writer's own: their book over tRPC, their token on the page.
    const book = await createBook(writer.token, { title: "Seen through the cookie" });
    await mintToken(writer.token, ["read:books"], "Seen on the tokens page");
    const listed = await trpcQuery("books.list", {}, null, { cookie });
    expect(listed.status, listed.text.slice(0, 300)).toBe(200);
    expect(listed.text).toContain(book.id);
    const signedIn = await page(cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.text).toContain("Seen on the tokens page");

    await browserSignOut(jar);

    // A copy of the cookie taken before signing out (a shared computer, a stolen cookie) is dead.
    expectFailure(await call("GET", "/api/v1/users/me", { headers: { cookie } }), 401, "unauthenticated");
    const rpc = await trpcQuery("books.list", {}, null, { cookie });
    expect(rpc.status).toBe(401);
    expect(rpc.body.error.data.code).toBe("UNAUTHORIZED");
    const signedOut = await page(cookie);
    expect(signedOut.status).toBe(307);
    expect(signedOut.headers.get("location")).toMatch(/\/sign-in(\?|$)/);
  });

  it("ends only that browser's session, not the writer's other sign-ins", async () => {
    const writer = await signUp("two-browsers");
    const laptop = await browserSignIn(writer.email, PASSWORD);
    const phone = await browserSignIn(writer.email, PASSWORD);
    await browserSignOut(laptop);
    expectSuccess(await call("GET", "/api/v1/users/me", { headers: { cookie: phone.header() } }), 200);
    expectSuccess(await call("GET", "/api/v1/users/me", { token: writer.token }), 200);
  });
});
