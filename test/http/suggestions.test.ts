// @module-tag postgres
// Issue 36 item 3: suggested edits, as a caller meets them over HTTP. The credential and role
// matrices cover who may call each endpoint; this covers the 409s that keep a suggestion from being
// applied blindly, History naming both people, the inbox, and what the roles that do not suggest see.
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, saveChapter, uploadChapter } from "../support/http-books";
import { expectFailure, expectSuccess, get, patch, post } from "../support/http-client";
import { addMember } from "../support/http-members-cases";
import { suggest } from "../support/http-suggestions-cases";
import { signUp, type Account } from "../support/http-users";

let owner: Account;
let editor: Account;
let viewer: Account;

const TEXT = "It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.";
const at = (text: string, quote: string) => ({ start: text.indexOf(quote), end: text.indexOf(quote) + quote.length });

beforeAll(async () => {
  [owner, editor, viewer] = await Promise.all([signUp("suggestions-owner"), signUp("sue-editor"), signUp("suggestions-viewer")]);
});

async function sharedBook() {
  const book = await createBook(owner.token, { title: "Suggested" });
  const chapter = await uploadChapter(owner.token, book.id, TEXT, "One");
  await addMember(owner, book.id, "editor", editor);
  await addMember(owner, book.id, "viewer", viewer);
  return { book, chapter };
}

const chapterNow = async (bookId: string, chapterId: string) => expectSuccess(await get(`/api/v1/books/${bookId}/chapters/${chapterId}`, owner.token), 200) as { content: string; version: number };

describe("suggested edits over HTTP", () => {
  it("an editor suggests, the owner accepts: the text changes once, History names both, the inbox tells each", async () => {
    const { book, chapter } = await sharedBook();
    const suggestion = await suggest(editor, book.id, chapter.id, { ...at(TEXT, "a good fortune"), replacement: "a large fortune" });
    expect(suggestion).toMatchObject({ state: "open", author: { id: editor.id, name: "sue-editor" } });

    const accepted = expectSuccess(await patch(`/api/v1/books/${book.id}/suggestions/${suggestion.id}`, owner.token, { state: "accepted" }), 201);
    expect(accepted).toMatchObject({ state: "accepted", acceptedVersion: chapter.version + 1 });
    expect((await chapterNow(book.id, chapter.id)).content).toBe(TEXT.replace("a good fortune", "a large fortune"));
    const [latest] = expectSuccess(await get(`/api/v1/books/${book.id}/chapters/${chapter.id}/revisions`, owner.token), 200) as { kind: string; authorId: string; suggestedById: string; suggestedByName: string }[];
    expect(latest).toMatchObject({ kind: "suggestion", authorId: owner.id, suggestedById: editor.id, suggestedByName: "sue-editor" });

    const ownerInbox = expectSuccess(await get("/api/v1/inbox", owner.token), 200) as { kind: string; href: string }[];
    expect(ownerInbox[0]).toMatchObject({ kind: "suggestion", href: `/books/${book.id}/chapters/${chapter.id}?suggestion=${suggestion.id}` });
    const editorInbox = expectSuccess(await get("/api/v1/inbox", editor.token), 200) as { kind: string; suggestion: { state: string } }[];
    expect(editorInbox[0]).toMatchObject({ kind: "suggestion_accepted", suggestion: { state: "accepted" } });

    expectFailure(await patch(`/api/v1/books/${book.id}/suggestions/${suggestion.id}`, owner.token, { state: "rejected" }), 409, "suggestion_decided");
  });

  it("a suggestion whose words were rewritten since is 409 suggestion_stale and nothing changes; it comes back with its words", async () => {
    const { book, chapter } = await sharedBook();
    const suggestion = await suggest(editor, book.id, chapter.id, { ...at(TEXT, "single man"), replacement: "bachelor" });
    const rewritten = TEXT.replace("single man", "single gentleman");
    const saved = await saveChapter(owner.token, book.id, chapter.id, chapter.version, { title: "One", content: rewritten });
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/suggestions/${suggestion.id}`, owner.token), 200)).toMatchObject({ stale: true, start: null, quote: "single man" });

    const refused = expectFailure(await patch(`/api/v1/books/${book.id}/suggestions/${suggestion.id}`, owner.token, { state: "accepted" }), 409, "suggestion_stale");
    expect(refused).toMatchObject({ suggestionId: suggestion.id, quote: "single man" });
    expect(await chapterNow(book.id, chapter.id)).toMatchObject({ content: rewritten, version: saved.version });

    // Accept-all leaves it open rather than apply it blindly.
    const all = expectSuccess(await patch(`/api/v1/books/${book.id}/chapters/${chapter.id}/suggestions`, owner.token, { state: "accepted" }), 201);
    expect(all).toMatchObject({ version: saved.version, decided: [], left: [{ id: suggestion.id, stale: true }] });

    await saveChapter(owner.token, book.id, chapter.id, saved.version, { title: "One", content: "Prologue. " + TEXT });
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/suggestions/${suggestion.id}`, owner.token), 200)).toMatchObject({ stale: false, start: "Prologue. ".length + TEXT.indexOf("single man") });
  });

  it("refuses bad input with 422 and a viewer with 403, changing nothing", async () => {
    const { book, chapter } = await sharedBook();
    const path = `/api/v1/books/${book.id}/chapters/${chapter.id}/suggestions`;
    expectFailure(await post(path, editor.token, { start: 5, end: 2, replacement: "x" }), 422, "validation_failed");
    expectFailure(await post(path, editor.token, { start: 0, end: 2, quote: "a dragon", replacement: "x" }), 422, "validation_failed");
    expectFailure(await post(path, editor.token, { start: 0, end: 2, replacement: "x", extra: true }), 422, "validation_failed");
    expectFailure(await post(path, viewer.token, { start: 0, end: 2, replacement: "x" }), 403, "forbidden");
    expectFailure(await get(`/api/v1/books/${book.id}/suggestions`, viewer.token), 403, "forbidden");
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/suggestions`, owner.token), 200)).toEqual([]);
  });
});
