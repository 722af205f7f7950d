// @module-tag postgres
// Issue 37 item 6 (decision 0495): back matter set once per writer (/api/v1/users/me/back-matter)
// and chosen per book (the book's backMatter): bad input is a 422 that changes nothing, and on a
// shared book the one policy decides who chooses (whoever may write the book) while the pages
// printed are always the owner's.
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, uploadChapter } from "../support/http-books";
import { call, expectFailure, expectSuccess, get, patch, post } from "../support/http-client";
import { addMember } from "../support/http-members-cases";
import { signUp, type Account } from "../support/http-users";

const BACK_MATTER = "/api/v1/users/me/back-matter";

let owner: Account;
let bookId: string;
let earlierId: string;
beforeAll(async () => {
  owner = await signUp("back-matter-owner");
  earlierId = (await createBook(owner.token, { title: "The Earlier Book" })).id;
  bookId = (await createBook(owner.token, { title: "The Shared Book" })).id;
  await uploadChapter(owner.token, bookId, "It began at sea.", "One");
});

const exportedText = async (token: string) => {
  const response = await call("GET", `/api/v1/books/${bookId}/export?format=txt`, { token });
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return response.text;
};

describe("the writer's back matter", () => {
  it("starts empty, is set by PATCH with the entries resolved to titles, and prints in the writer's books", async () => {
    expect(expectSuccess(await get(BACK_MATTER, owner.token), 200)).toEqual({ aboutAuthor: null, acknowledgements: null, alsoBy: [] });
    const set = expectSuccess(
      await patch(BACK_MATTER, owner.token, { aboutAuthor: "Lives by the sea.", acknowledgements: "Thanks, all.", alsoBy: [{ bookId: earlierId }, { title: "Poems" }] }),
      201,
    );
    expect(set).toEqual({
      aboutAuthor: "Lives by the sea.",
      acknowledgements: "Thanks, all.",
      alsoBy: [
        { bookId: earlierId, seriesId: null, title: "The Earlier Book", books: [] },
        { bookId: null, seriesId: null, title: "Poems", books: [] },
      ],
    });
    const text = await exportedText(owner.token);
    expect(text).toContain("Lives by the sea.");
    expect(text).toContain("The Earlier Book");
    // A title change shows in the list: a book entry prints the book's title as it is now.
    expectSuccess(await patch(`/api/v1/books/${earlierId}`, owner.token, { title: "The Earlier Book, Revised" }), 201);
    expect(expectSuccess(await get(BACK_MATTER, owner.token), 200).alsoBy[0].title).toBe("The Earlier Book, Revised");
  });

  it("refuses another writer's book or series, a control character, over-long text and unknown fields with a 422 that changes nothing", async () => {
    const stranger = await signUp("back-matter-stranger");
    const theirs = (await createBook(stranger.token, { title: "Not Yours" })).id;
    const theirSeries = expectSuccess(await post("/api/v1/series", stranger.token, { title: "Their Saga" }), 201).id as string;
    const before = expectSuccess(await get(BACK_MATTER, owner.token), 200);
    const refused = [
      { aboutAuthor: "changed", alsoBy: [{ bookId: theirs }] },
      { alsoBy: [{ seriesId: theirSeries }] },
      { alsoBy: [{ bookId: "no-such-book" }] },
      { aboutAuthor: "bell\u0007" },
      { alsoBy: [{ title: "Two\nLines" }] },
      { acknowledgements: "x".repeat(20_001) },
      { aboutAuthor: "x".repeat(5001) },
      { alsoBy: Array.from({ length: 51 }, (_, i) => ({ title: `Book ${i}` })) },
      { alsoBy: [{ title: "A", bookId: earlierId }] },
      { nickname: "no such field" },
      {},
    ];
    for (const body of refused) {
      const details = expectFailure(await patch(BACK_MATTER, owner.token, body), 422, "validation_failed") as { path: string; message: string }[] | undefined;
      expect(details?.length ?? 0, JSON.stringify(body).slice(0, 80)).toBeGreaterThan(0);
    }
    const named = expectFailure(await patch(BACK_MATTER, owner.token, { alsoBy: [{ title: "Fine" }, { bookId: theirs }] }), 422, "validation_failed");
    expect(named).toEqual([{ path: "alsoBy.1.bookId", message: expect.stringContaining("not one of your books") }]);
    expect(expectSuccess(await get(BACK_MATTER, owner.token), 200)).toEqual(before);
  });

  it("is each writer's own: another writer reads and sets theirs, never the owner's", async () => {
    const other = await signUp("back-matter-other");
    expect(expectSuccess(await get(BACK_MATTER, other.token), 200)).toEqual({ aboutAuthor: null, acknowledgements: null, alsoBy: [] });
    expectFailure(await patch(BACK_MATTER, other.token, { alsoBy: [{ bookId: earlierId }] }), 422, "validation_failed");
  });
});

describe("a book's choice of back matter", () => {
  it("is null until chosen, takes known pages only, and is refused with nothing changed", async () => {
    expect(expectSuccess(await get(`/api/v1/books/${bookId}`, owner.token), 200).backMatter).toBeNull();
    const set = expectSuccess(await patch(`/api/v1/books/${bookId}`, owner.token, { backMatter: ["alsoBy", "aboutAuthor", "alsoBy"] }), 201);
    // Each once, in the order they print.
    expect(set.backMatter).toEqual(["aboutAuthor", "alsoBy"]);
    expectFailure(await patch(`/api/v1/books/${bookId}`, owner.token, { backMatter: ["index"] }), 422, "validation_failed");
    expectFailure(await patch(`/api/v1/books/${bookId}`, owner.token, { backMatter: "alsoBy" }), 422, "validation_failed");
    expect(expectSuccess(await get(`/api/v1/books/${bookId}`, owner.token), 200).backMatter).toEqual(["aboutAuthor", "alsoBy"]);
    const text = await exportedText(owner.token);
    expect(text).not.toContain("Thanks, all.");
    expect(text).toContain("Lives by the sea.");
  });

  it("on a shared book: a co-author chooses the pages (they may write the book), an editor may not; every export prints the owner's", async () => {
    const coAuthor = await addMember(owner, bookId, "co_author");
    const editor = await addMember(owner, bookId, "editor");
    // The co-author's own back matter is theirs: it never prints in the owner's book.
    expectSuccess(await patch(BACK_MATTER, coAuthor.token, { aboutAuthor: "The co-author's own page." }), 201);
    expect(expectSuccess(await patch(`/api/v1/books/${bookId}`, coAuthor.token, { backMatter: ["acknowledgements", "aboutAuthor"], acknowledgements: "For this book alone." }), 201)).toMatchObject({
      backMatter: ["acknowledgements", "aboutAuthor"],
    });
    const before = expectSuccess(await get(`/api/v1/books/${bookId}`, owner.token), 200);
    expectFailure(await patch(`/api/v1/books/${bookId}`, editor.token, { backMatter: [] }), 403, "forbidden");
    expect(expectSuccess(await get(`/api/v1/books/${bookId}`, owner.token), 200)).toEqual(before);
    for (const member of [owner, coAuthor, editor]) {
      const text = await exportedText(member.token);
      expect(text).toContain("For this book alone.");
      expect(text).toContain("Lives by the sea.");
      expect(text).not.toContain("The co-author's own page.");
    }
  });
});
