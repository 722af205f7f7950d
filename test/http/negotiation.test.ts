import { beforeAll, describe, expect, it } from "vitest";
import { browserSignIn, type CookieJar } from "../support/http-browser";
import { get, expectFailure, expectSuccess } from "../support/http-client";
import { createBook, uploadChapter } from "../support/http-books";
import { PASSWORD, signUp, type Account } from "../support/http-users";

// /books, /books/{id} and /books/{id}/chapters/{chapterId} are both the writer's pages and the
// seed's API aliases (docs/architecture.md#rest-contract): the headers decide which answers.
const NAVIGATION = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

let writer: Account;
let jar: CookieJar;
let paths: string[];

beforeAll(async () => {
  writer = await signUp("negotiation");
  jar = await browserSignIn(writer.email, PASSWORD);
  const book = await createBook(writer.token, { title: "Negotiated" });
  const chapter = await uploadChapter(writer.token, book.id, "# One\n\nText.");
  paths = ["/books", `/books/${book.id}`, `/books/${book.id}/chapters/${chapter.id}`];
});

function expectVary(headers: Headers) {
  const vary = (headers.get("vary") ?? "").toLowerCase().split(/\s*,\s*/);
  expect(vary).toEqual(expect.arrayContaining(["accept", "authorization"]));
}

describe("a page path answers API callers with the API", () => {
  it("a Bearer caller gets JSON even when it asks for HTML", async () => {
    for (const path of paths) {
      const response = await get(path, writer.token, { accept: NAVIGATION });
      // 200, not 400: the Authorization header was not copied into the query string either.
      expectSuccess(response, 200);
      expectVary(response.headers);
    }
  });

  it("a caller that does not ask for HTML gets the API, with or without credentials", async () => {
    for (const path of paths) {
      for (const accept of ["application/json", "*/*"]) {
        const anonymous = await get(path, null, { accept });
        expectFailure(anonymous, 401, "unauthenticated");
        expectVary(anonymous.headers);
        // The browser's cookie is a credential like any other: a script using it still gets JSON.
        expectSuccess(await get(path, null, { accept, cookie: jar.header() }), 200);
      }
    }
  });

  it("paths under a book that are not pages stay the API's for a browser too", async () => {
    const [, bookPath] = paths;
    const response = await get(`${bookPath}/chapters`, null, { accept: NAVIGATION, cookie: jar.header() });
    expect(expectSuccess(response, 200)).toHaveLength(1);
  });
});

describe("a browser navigation gets the page", () => {
  it("signed in: the page itself, in HTML", async () => {
    for (const path of paths.slice(0, 2)) {
      const response = await get(path, null, { accept: NAVIGATION, cookie: jar.header() });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.text).toContain("Negotiated");
      expectVary(response.headers);
    }
  });

  it("signed out: sent to sign-in, and back here afterwards", async () => {
    for (const path of paths.slice(0, 2)) {
      const response = await get(path, null, { accept: NAVIGATION });
      expect(response.status, path).toBe(307);
      expect(response.headers.get("location")).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
      expectVary(response.headers);
    }
  });
});

// Every Accept but the page-or-API one is read by negotiator (server/request/accept.ts), each
// caller with its own meaning (issue 18 item 10).
describe("Accept on the API", () => {
  it("a JSON endpoint answers a caller that takes JSON, a +json type or states no preference", async () => {
    for (const accept of ["", "application/problem+json", "application/*;q=0.1", "text/html, */*;q=0.8"]) {
      expect(expectSuccess(await get("/api/v1/books", writer.token, { accept }), 200), accept).toEqual(expect.any(Array));
    }
  });

  it("a JSON endpoint answers 406 to a caller that refuses JSON with q=0, whatever else it takes", async () => {
    const refused = await get("/api/v1/books", writer.token, { accept: "application/json;q=0, */*" });
    expect(expectFailure(refused, 406, "not_acceptable")).toEqual({ available: ["application/json"] });
  });

  it("an export's format is the most wanted one the header names; a wildcard names none", async () => {
    const bookId = paths[1]!.split("/")[2]!;
    const pdf = await get(`/api/v1/books/${bookId}/export`, writer.token, { accept: "application/epub+zip;q=0.5, application/pdf" });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const epub = await get(`/api/v1/books/${bookId}/export`, writer.token, { accept: "application/pdf;q=0, image/png, application/epub+zip;q=0.1" });
    expect(epub.headers.get("content-type")).toBe("application/epub+zip");
    const any = await get(`/api/v1/books/${bookId}/export`, writer.token, { accept: "*/*" });
    expect(expectFailure(any, 406, "not_acceptable")).toMatchObject({ available: expect.arrayContaining(["epub", "pdf", "docx"]) });
  });

  it("a page path reads Accept as the rewrites do: any mention of text/html is a navigation", async () => {
    // Even text/html;q=0: Next's rewrite matches the header by pattern, and the proxy must agree with it.
    const response = await get(paths[0]!, null, { accept: "text/html;q=0", cookie: jar.header() });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  });
});
