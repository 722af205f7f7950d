// @module-tag postgres
// Issue 36 item 2: comments anchored in the text, as a caller meets them over HTTP. The credential
// and role matrices cover who may call each endpoint; this covers how a thread follows the text
// through every kind of change, what is refused, mentions, and what roles see.
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, saveChapter, uploadChapter } from "../support/http-books";
import { del, expectFailure, expectSuccess, get, patch, post } from "../support/http-client";
import { openThread, threadsState } from "../support/http-comments-cases";
import { addMember } from "../support/http-members-cases";
import { signUp, type Account } from "../support/http-users";

let owner: Account;
let editor: Account;

const TEXT = "It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.";
const at = (text: string, quote: string) => ({ start: text.indexOf(quote), end: text.indexOf(quote) + quote.length });

beforeAll(async () => {
  owner = await signUp("comments-owner");
  editor = await signUp("ann-editor");
});

async function sharedBook() {
  const book = await createBook(owner.token, { title: "Commented" });
  const chapter = await uploadChapter(owner.token, book.id, TEXT, "One");
  await addMember(owner, book.id, "editor", editor);
  return { book, chapter };
}

const thread = async (bookId: string, threadId: string) => expectSuccess(await get(`/api/v1/books/${bookId}/threads/${threadId}`, owner.token), 200);

describe("a thread follows its words", () => {
  it("through saves before, inside and after it, a deletion (detached, quote kept) and the words coming back", async () => {
    const { book, chapter } = await sharedBook();
    const opened = await openThread(editor, book.id, chapter.id, { ...at(TEXT, "a single man"), body: "Who is he?" });
    expect(opened).toMatchObject({ quote: "a single man", detached: false, author: { id: editor.id, name: "ann-editor" }, chapterTitle: "One" });

    let version = chapter.version;
    const save = async (content: string) => {
      version = (await saveChapter(owner.token, book.id, chapter.id, version, { title: "One", content })).version;
      return thread(book.id, opened.id);
    };
    const before = "Chapter the first.\n\n" + TEXT;
    expect(await save(before)).toMatchObject({ quote: "a single man", ...at(before, "a single man") });
    const inside = before.replace("a single man", "a single young man");
    expect(await save(inside)).toMatchObject({ quote: "a single young man", ...at(inside, "a single young man") });
    const gone = inside.replace("a single young man in possession of ", "whoever holds ");
    expect(await save(gone)).toMatchObject({ quote: "a single young man", start: null, end: null, detached: true });
    expect((await threadsState(owner, book.id, "&detached=true")).body.data).toHaveLength(1);
    expect(await save(inside)).toMatchObject({ quote: "a single young man", detached: false, ...at(inside, "a single young man") });
  });

  it("through a book-wide replace and its undo, and a restore of an older version", async () => {
    const { book, chapter } = await sharedBook();
    const opened = await openThread(owner, book.id, chapter.id, { ...at(TEXT, "good fortune"), body: "How good?" });
    const replaced = expectSuccess(
      await post(`/api/v1/books/${book.id}/replace`, owner.token, { query: "truth", replacement: "fact", chapters: [{ chapterId: chapter.id, version: chapter.version, skip: [] }] }),
      201,
    );
    const afterReplace = TEXT.replace("truth", "fact");
    expect(await thread(book.id, opened.id)).toMatchObject({ quote: "good fortune", ...at(afterReplace, "good fortune") });
    expectSuccess(await post(`/api/v1/books/${book.id}/change-sets/${replaced.changeSetId}/undo`, owner.token, {}), 201);
    expect(await thread(book.id, opened.id)).toMatchObject({ quote: "good fortune", ...at(TEXT, "good fortune") });

    const now = expectSuccess(await get(`/api/v1/books/${book.id}/chapters/${chapter.id}`, owner.token), 200);
    const rewritten = "A new opening. " + TEXT;
    await saveChapter(owner.token, book.id, chapter.id, now.version, { title: "One", content: rewritten });
    expect(await thread(book.id, opened.id)).toMatchObject(at(rewritten, "good fortune"));
    expectSuccess(await post(`/api/v1/books/${book.id}/chapters/${chapter.id}/restorations`, owner.token, { revision: 1 }), 201);
    expect(await thread(book.id, opened.id)).toMatchObject({ quote: "good fortune", ...at(TEXT, "good fortune") });
  });
});

describe("what is refused, changing nothing", () => {
  it("a stretch past the text, of blanks, a quote the text lacks, an empty or oversized body, a trashed chapter (422/404)", async () => {
    const { book, chapter } = await sharedBook();
    const path = `/api/v1/books/${book.id}/chapters/${chapter.id}/threads`;
    expect(expectFailure(await post(path, owner.token, { start: 0, end: TEXT.length + 1, body: "x" }), 422, "validation_failed")).toEqual([{ path: "end", message: expect.stringContaining(`${TEXT.length}`) }]);
    expectFailure(await post(path, owner.token, { start: 5, end: 3, body: "x" }), 422, "validation_failed");
    expectFailure(await post(path, owner.token, { start: 0, end: 2, quote: "Lady Catherine", body: "x" }), 422, "validation_failed");
    expectFailure(await post(path, owner.token, { start: 0, end: 2, body: "   " }), 422, "validation_failed");
    expectFailure(await post(path, owner.token, { start: 0, end: 2, body: "x".repeat(10_001) }), 422, "validation_failed");
    expectFailure(await post(path, owner.token, { start: 0, end: 2, body: "x", color: "red" }), 422, "validation_failed");
    const spaced = await uploadChapter(owner.token, book.id, "Words    more words.", "Two");
    expectFailure(await post(`/api/v1/books/${book.id}/chapters/${spaced.id}/threads`, owner.token, { start: 6, end: 9, body: "x" }), 422, "validation_failed");
    expect((await threadsState(owner, book.id)).body.data).toEqual([]);

    await del(`/api/v1/books/${book.id}/chapters/${spaced.id}`, owner.token);
    expectFailure(await post(`/api/v1/books/${book.id}/chapters/${spaced.id}/threads`, owner.token, { start: 0, end: 5, body: "x" }), 404, "chapter_in_trash");
    const elsewhere = await createBook(owner.token, { title: "Elsewhere" });
    expectFailure(await post(`/api/v1/books/${elsewhere.id}/chapters/${chapter.id}/threads`, owner.token, { start: 0, end: 5, body: "x" }), 404, "not_found");
    expectFailure(await get(`/api/v1/books/${elsewhere.id}/threads/nope`, owner.token), 404, "not_found");
  });

  it("another's comment: rewording it is 403 not_your_comment; the owner may delete it, an editor may not delete the owner's", async () => {
    const { book, chapter } = await sharedBook();
    const opened = await openThread(owner, book.id, chapter.id, { ...at(TEXT, "a wife"), body: "Whose?" });
    const replied = expectSuccess(await post(`/api/v1/books/${book.id}/threads/${opened.id}/comments`, editor.token, { body: "Anyone's." }), 201);
    const reply = replied.comments[1];
    expectFailure(await patch(`/api/v1/books/${book.id}/threads/${opened.id}/comments/${opened.comments[0]!.id}`, editor.token, { body: "Mine now" }), 403, "not_your_comment");
    expectFailure(await patch(`/api/v1/books/${book.id}/threads/${opened.id}/comments/${reply.id}`, owner.token, { body: "Mine now" }), 403, "not_your_comment");
    expectFailure(await del(`/api/v1/books/${book.id}/threads/${opened.id}`, editor.token), 403, "not_your_comment");
    expectFailure(await del(`/api/v1/books/${book.id}/threads/${opened.id}/comments/${opened.comments[0]!.id}`, owner.token), 422, "validation_failed");
    expect((await thread(book.id, opened.id)).comments.map((c: { body: string }) => c.body)).toEqual(["Whose?", "Anyone's."]);
    expect((await del(`/api/v1/books/${book.id}/threads/${opened.id}/comments/${reply.id}`, owner.token)).status).toBe(204);
    expect((await thread(book.id, opened.id)).comments).toHaveLength(1);
  });
});

describe("people", () => {
  it("mentions someone on the book who comments by @name or @email; not a viewer, nor a prefix of a name", async () => {
    const { book, chapter } = await sharedBook();
    const viewer = await addMember(owner, book.id, "viewer");
    const opened = await openThread(owner, book.id, chapter.id, { ...at(TEXT, "truth"), body: `@ANN-editor, see this. @${viewer.email} too. @ann-editorial is nobody.` });
    expect(opened.comments[0]!.mentions).toEqual([{ id: editor.id, name: "ann-editor" }]);
    await openThread(owner, book.id, chapter.id, { ...at(TEXT, "wife"), body: "No one named." });
    const mine = (await get(`/api/v1/books/${book.id}/threads?mentions=me`, editor.token)).body.data as { id: string }[];
    expect(mine.map((t) => t.id)).toEqual([opened.id]);
  });

  it("keeps a comment's markup as text, and a removed member's comments; viewers see no threads", async () => {
    const { book, chapter } = await sharedBook();
    const markup = '<img src=x onerror="alert(1)"> **bold**';
    const opened = await openThread(editor, book.id, chapter.id, { ...at(TEXT, "acknowledged"), body: markup });
    expect(opened.comments[0]!.body).toBe(markup);
    const viewer = await addMember(owner, book.id, "viewer");
    expectFailure(await get(`/api/v1/books/${book.id}/threads`, viewer.token), 403, "forbidden");
    expectSuccess(await del(`/api/v1/books/${book.id}/members/${editor.id}`, owner.token), 204);
    expectFailure(await get(`/api/v1/books/${book.id}/threads`, editor.token), 403, "forbidden");
    expect(await thread(book.id, opened.id)).toMatchObject({ author: { id: editor.id }, comments: [{ body: markup }] });
  });

  it("resolves and reopens; a reply reopens; resolved threads stay findable", async () => {
    const { book, chapter } = await sharedBook();
    const opened = await openThread(owner, book.id, chapter.id, { ...at(TEXT, "single"), body: "Married?" });
    expect(expectSuccess(await patch(`/api/v1/books/${book.id}/threads/${opened.id}`, editor.token, { resolved: true }), 201)).toMatchObject({ resolved: true, resolvedBy: { id: editor.id } });
    expect((await threadsState(owner, book.id, "&resolved=false")).body.data).toEqual([]);
    expect((await threadsState(owner, book.id, "&resolved=true")).body.data).toHaveLength(1);
    expect(expectSuccess(await post(`/api/v1/books/${book.id}/threads/${opened.id}/comments`, owner.token, { body: "Not yet." }), 201)).toMatchObject({ resolved: false, resolvedBy: null });
    expectFailure(await patch(`/api/v1/books/${book.id}/threads/${opened.id}`, owner.token, { resolved: "yes" }), 422, "validation_failed");
  });
});

describe("the writer's private notes", () => {
  it("are left out of the text, revisions and search of those who do not write; a reader's quote is placed in the stored text", async () => {
    const { book } = await sharedBook();
    const text = "The ball was loud. <!-- secret: cut this scene? --> Mr. Darcy stood apart.";
    const chapter = await uploadChapter(owner.token, book.id, text, "Notes");
    const read = expectSuccess(await get(`/api/v1/books/${book.id}/chapters/${chapter.id}`, editor.token), 200);
    expect(read.content).not.toContain("secret");
    expect(read.content).toContain("Mr. Darcy stood apart.");
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/chapters/${chapter.id}`, owner.token), 200).content).toBe(text);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/chapters/${chapter.id}/revisions/1`, editor.token), 200).content).not.toContain("secret");
    const listed = expectSuccess(await get(`/api/v1/books/${book.id}/chapters?include=content`, editor.token), 200) as { id: string; content: string }[];
    expect(listed.find((c) => c.id === chapter.id)!.content).not.toContain("secret");
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/search?query=secret`, editor.token), 200)).toEqual([]);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/search?query=secret`, owner.token), 200)).toHaveLength(1);
    expectFailure(await get(`/api/v1/books/${book.id}/export?format=md&notes=1`, editor.token), 403, "forbidden");

    // The editor selected "Darcy" in their copy, whose offsets lack the note: placed by its quote.
    const offset = read.content.indexOf("Darcy");
    const opened = await openThread(editor, book.id, chapter.id, { start: offset, end: offset + 5, quote: "Darcy", body: "Introduce him earlier?" });
    expect(opened).toMatchObject({ quote: "Darcy", ...at(text, "Darcy") });
  });
});
