// @module-tag postgres
import { describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { getChapter } from "@/server/chapters/get-chapter";
import { listRevisions, revisionsCollection } from "@/server/chapters/list-revisions";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { defaultCollectionOptions } from "@/server/collections";
import { sql } from "@/server/db";
import { listInbox, inboxCollection } from "@/server/inbox/list-inbox";
import { addMember } from "@/server/members/add-member";
import { createSuggestion } from "@/server/suggestions/create-suggestion";
import { decideChapter } from "@/server/suggestions/decide-chapter";
import { decideSuggestion } from "@/server/suggestions/decide-suggestion";
import { getSuggestion } from "@/server/suggestions/get-suggestion";
import { listSuggestions, suggestionsCollection } from "@/server/suggestions/list-suggestions";
import { newWriter } from "../support/principals";

/** Issue 36 item 3 (decision 0496): suggested edits, accepted through the one text-change command. */
const TEXT = "It was a bright cold day in April, and the clocks were striking thirteen.";

async function fixture(name: string) {
  const owner = await newWriter(`sug-owner-${name}`);
  const editor = await newWriter(`sug-editor-${name}`);
  const book = await createBook({ title: "Suggested", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, owner);
  const { email } = await sql.selectFrom("User").select("email").where("id", "=", editor.userId).executeTakeFirstOrThrow();
  await addMember({ bookId: book.id, email, role: "editor" }, owner);
  const chapter = await uploadChapter({ bookId: book.id, title: "One", content: TEXT }, owner);
  const ids = { bookId: book.id, chapterId: chapter.id };
  const suggest = (by: Principal, words: string, replacement: string) => createSuggestion({ ...ids, start: TEXT.indexOf(words), end: TEXT.indexOf(words) + words.length, replacement }, by);
  const text = async () => (await getChapter(ids, owner)).content;
  return { owner, editor, book, chapter, ids, suggest, text };
}

describe("suggested edits", () => {
  it("an editor suggests, the owner accepts: one new version written by the owner naming the editor; both are told", async () => {
    const f = await fixture("accept");
    const suggestion = await f.suggest(f.editor, "thirteen", "fourteen");
    expect(suggestion).toMatchObject({ quote: "thirteen", replacement: "fourteen", state: "open", stale: false, author: { id: f.editor.userId } });
    expect(await f.text()).toBe(TEXT); // a suggestion never writes the text

    const accepted = await decideSuggestion({ bookId: f.book.id, suggestionId: suggestion.id, state: "accepted" }, f.owner);
    expect(accepted).toMatchObject({ state: "accepted", decidedBy: { id: f.owner.userId }, acceptedVersion: 2, start: null });
    expect(await f.text()).toBe(TEXT.replace("thirteen", "fourteen"));
    const revisions = await listRevisions({ ...f.ids, options: defaultCollectionOptions(revisionsCollection) }, f.owner);
    expect(revisions.items[0]).toMatchObject({ version: 2, kind: "suggestion", authorId: f.owner.userId, suggestedById: f.editor.userId, suggestedByName: expect.any(String) });

    const ownerInbox = await listInbox(defaultCollectionOptions(inboxCollection), f.owner);
    expect(ownerInbox.items).toEqual([expect.objectContaining({ kind: "suggestion", suggestion: expect.objectContaining({ id: suggestion.id, quote: "thirteen", replacement: "fourteen" }) })]);
    const editorInbox = await listInbox(defaultCollectionOptions(inboxCollection), f.editor);
    expect(editorInbox.items).toEqual([expect.objectContaining({ kind: "suggestion_accepted", actor: expect.objectContaining({ id: f.owner.userId }) })]);

    // Deciding again is 409 and changes nothing.
    await expect(decideSuggestion({ bookId: f.book.id, suggestionId: suggestion.id, state: "rejected" }, f.owner)).rejects.toMatchObject({ code: "suggestion_decided" });
  });

  it("an editor may not accept or reject, nor write the text", async () => {
    const f = await fixture("editor-refused");
    const suggestion = await f.suggest(f.editor, "April", "May");
    await expect(decideSuggestion({ bookId: f.book.id, suggestionId: suggestion.id, state: "accepted" }, f.editor)).rejects.toMatchObject({ code: "forbidden" });
    await expect(decideChapter({ ...f.ids, state: "rejected" }, f.editor)).rejects.toMatchObject({ code: "forbidden" });
    expect((await getSuggestion({ bookId: f.book.id, suggestionId: suggestion.id }, f.owner)).state).toBe("open");
  });

  it("follows the text through a save before it, and refuses with 409 (changing nothing) once its words were rewritten", async () => {
    const f = await fixture("stale");
    const moved = await f.suggest(f.editor, "clocks", "bells");
    const stale = await f.suggest(f.editor, "bright cold", "grey");
    const saved = "Prologue. " + TEXT.replace("bright cold", "warm");
    await saveChapter({ ...f.ids, version: 1, content: saved }, f.owner);
    expect(await getSuggestion({ bookId: f.book.id, suggestionId: moved.id }, f.owner)).toMatchObject({ start: saved.indexOf("clocks"), stale: false });
    expect(await getSuggestion({ bookId: f.book.id, suggestionId: stale.id }, f.owner)).toMatchObject({ start: null, stale: true, quote: "bright cold" });

    await expect(decideSuggestion({ bookId: f.book.id, suggestionId: stale.id, state: "accepted" }, f.owner)).rejects.toMatchObject({ code: "suggestion_stale" });
    expect(await f.text()).toBe(saved);
    expect((await getChapter(f.ids, f.owner)).version).toBe(2);
    expect((await getSuggestion({ bookId: f.book.id, suggestionId: stale.id }, f.owner)).state).toBe("open");

    await decideSuggestion({ bookId: f.book.id, suggestionId: moved.id, state: "accepted" }, f.owner);
    expect(await f.text()).toBe(saved.replace("clocks", "bells"));
  });

  it("accept-all applies the non-overlapping open ones in one version, leaving the rest; reject-all rejects the rest", async () => {
    const f = await fixture("all");
    const co = await newWriter("sug-co-all");
    const { email } = await sql.selectFrom("User").select("email").where("id", "=", co.userId).executeTakeFirstOrThrow();
    await addMember({ bookId: f.book.id, email, role: "co_author" }, f.owner);
    const a = await f.suggest(f.editor, "bright cold", "grey");
    const overlapping = await f.suggest(co, "cold day", "warm day");
    const c = await f.suggest(co, "thirteen", "one");
    const decided = await decideChapter({ ...f.ids, state: "accepted" }, f.owner);
    expect(decided.version).toBe(2);
    expect(decided.decided.map((s) => s.id)).toEqual([a.id, c.id]);
    expect(decided.left.map((s) => s.id)).toEqual([overlapping.id]);
    expect(await f.text()).toBe(TEXT.replace("bright cold", "grey").replace("thirteen", "one"));
    // Two people's suggestions in one version: each suggestion names it; the version names none.
    const revisions = await listRevisions({ ...f.ids, options: defaultCollectionOptions(revisionsCollection) }, f.owner);
    expect(revisions.items[0]).toMatchObject({ version: 2, kind: "suggestion", suggestedById: null });
    expect(await getSuggestion({ bookId: f.book.id, suggestionId: c.id }, f.owner)).toMatchObject({ acceptedVersion: 2, author: { id: co.userId } });

    const rejected = await decideChapter({ ...f.ids, state: "rejected" }, co);
    expect(rejected).toMatchObject({ version: 2, left: [] });
    expect(rejected.decided.map((s) => [s.id, s.state])).toEqual([[overlapping.id, "rejected"]]);
    const open = await listSuggestions({ bookId: f.book.id, options: { ...defaultCollectionOptions(suggestionsCollection), filters: { state: "open" } } }, f.owner);
    expect(open.items).toEqual([]);
  });

  it("refuses a quote the text does not hold and a replacement that changes nothing (422)", async () => {
    const f = await fixture("bad");
    await expect(createSuggestion({ ...f.ids, start: 0, end: 2, quote: "not here", replacement: "x" }, f.editor)).rejects.toMatchObject({ code: "validation_failed" });
    await expect(createSuggestion({ ...f.ids, start: 0, end: 2, replacement: "It" }, f.editor)).rejects.toMatchObject({ code: "validation_failed" });
    await expect(createSuggestion({ ...f.ids, start: 0, end: TEXT.length + 5, replacement: "x" }, f.editor)).rejects.toMatchObject({ code: "validation_failed" });
    expect((await listSuggestions({ bookId: f.book.id, options: defaultCollectionOptions(suggestionsCollection) }, f.owner)).items).toEqual([]);
  });
});
