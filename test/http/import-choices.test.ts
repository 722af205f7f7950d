// @module-tag postgres
// Issue 33 item 2: a writer leaves out of an import the chapters its preview showed that are not the book.
import { beforeAll, describe, expect, it } from "vitest";
import { bookCount } from "../support/http-books";
import { call, expectFailure, expectSuccess, get } from "../support/http-client";
import { manuscriptForm } from "../support/http-convert-cases";
import { expectTrpcError, trpcMutation } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

const MANUSCRIPT = "# Contents\n\nOne, Two.\n\n# One\n\nIt began.\n\n# Two\n\nIt went on.\n\n# Licence\n\nDo as you please.\n";
const titles = (chapters: { title: string }[]) => chapters.map((chapter) => chapter.title);

let writer: Account;
beforeAll(async () => {
  writer = await signUp("import-choices");
});

describe("skipChapters: the chapters of the preview a writer unticked", () => {
  it("leaves them out of a new book (a form's \"1,4\") and of a book's import (JSON over tRPC), titled as the preview showed", async () => {
    const preview = expectSuccess(await call("POST", "/api/v1/books/import/preview", { token: writer.token, body: manuscriptForm({}, MANUSCRIPT, "book.md") }), 200);
    expect(titles(preview.chapters)).toEqual(["Contents", "One", "Two", "Licence"]);

    const imported = expectSuccess(await call("POST", "/api/v1/books/import", { token: writer.token, body: manuscriptForm({ skipChapters: "1, 4" }, MANUSCRIPT, "book.md") }), 201);
    expect(imported).toMatchObject({ chapterCount: 2, book: { chapterCount: 2 } });
    const chapters = expectSuccess(await get(`/api/v1/books/${imported.book.id}/chapters?include=content`, writer.token), 200);
    expect(chapters.map((c: { title: string; content: string }) => [c.title, c.content])).toEqual([
      ["One", "It began."],
      ["Two", "It went on."],
    ]);

    const into = await trpcMutation("convert.importInto", { bookId: imported.book.id, fileName: "more.md", text: MANUSCRIPT, skipChapters: [1, 2, 3] }, writer.token);
    expect(into.status, into.text).toBe(200);
    expect(titles(into.body.result.data.chapters)).toEqual(["Licence"]);
  });

  it("refuses a number that is no chapter, or leaving every chapter out, with 422 and no book made", async () => {
    const before = await bookCount(writer.token);
    for (const skipChapters of ["0", "5", "1,2,3,4", "one", "1;2", ""]) {
      const refused = expectFailure(await call("POST", "/api/v1/books/import", { token: writer.token, body: manuscriptForm({ skipChapters }, MANUSCRIPT, "book.md") }), 422, "validation_failed");
      expect(JSON.stringify(refused), skipChapters).toContain("skipChapters");
    }
    expectTrpcError(await trpcMutation("convert.import", { fileName: "book.md", text: MANUSCRIPT, skipChapters: [7] }, writer.token), 422, "validation_failed");
    expect(await bookCount(writer.token)).toEqual(before);
  });
});
