// @module-tag postgres
import { describe, expect, it } from "vitest";
import { createBook } from "@/server/books/create-book";
import { deleteChapter } from "@/server/chapters/delete-chapter";
import { reorderChapters } from "@/server/chapters/reorder-chapters";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { createForeshadowing } from "@/server/foreshadowing/create-foreshadowing";
import { deleteForeshadowing } from "@/server/foreshadowing/delete-foreshadowing";
import { getForeshadowing } from "@/server/foreshadowing/get-foreshadowing";
import { foreshadowingSummary, listForeshadowings } from "@/server/foreshadowing/list-foreshadowings";
import { updateForeshadowing } from "@/server/foreshadowing/update-foreshadowing";
import { addMember } from "@/server/members/add-member";
import type { MemberRole } from "@/server/auth/book-roles";
import type { Principal } from "@/server/auth/principal";
import { newWriter } from "../support/principals";

/** Issue 35 item 3 (decision 0501): foreshadowing, its words kept in place, overdue as the book grows. */
const SETUP_TEXT = "The old sword hung over the hearth, its blade wrapped in black cloth.";

async function fixture(name: string) {
  const owner = await newWriter(`fs-owner-${name}`);
  const book = await createBook({ title: "伏笔", type: "xianxia", description: "", language: "en", status: "drafting", targetWordCount: null }, owner);
  const one = await uploadChapter({ bookId: book.id, title: "One", content: SETUP_TEXT }, owner);
  const two = await uploadChapter({ bookId: book.id, title: "Two", content: "Nothing of the sword." }, owner);
  const three = await uploadChapter({ bookId: book.id, title: "Three", content: "" }, owner);
  const ids = { bookId: book.id };
  const member = async (role: MemberRole): Promise<Principal> => {
    const person = await newWriter(`fs-${role.replace("_", "-")}-${name}`);
    const { email } = await sql.selectFrom("User").select("email").where("id", "=", person.userId).executeTakeFirstOrThrow();
    await addMember({ bookId: book.id, email, role }, owner);
    return person;
  };
  const words = (text: string, quote: string) => ({ start: text.indexOf(quote), end: text.indexOf(quote) + quote.length });
  return { owner, book, one, two, three, ids, member, words };
}

describe("foreshadowing", () => {
  it("a deadline on a chapter not yet written turns overdue when the book is written through it, not before; paying it off settles it", async () => {
    const f = await fixture("grows");
    const sword = await createForeshadowing({ ...f.ids, title: "The wrapped sword", setup: { chapterId: f.one.id, ...f.words(SETUP_TEXT, "black cloth") }, deadline: { chapterNumber: 4 } }, f.owner);
    expect(sword).toMatchObject({ state: "planted", status: "open", chaptersLeft: 2, deadline: { chapterId: null, number: 4, title: null }, setup: { chapter: { id: f.one.id, number: 1 }, words: { quote: "black cloth" } }, warnings: [] });

    // An empty chapter 3 and then an empty chapter 4 do not make the book reach chapter 4.
    const four = await uploadChapter({ bookId: f.book.id, title: "Four", content: "" }, f.owner);
    expect((await getForeshadowing({ ...f.ids, foreshadowingId: sword.id }, f.owner)).status).toBe("open");
    expect(await foreshadowingSummary(f.ids, f.owner)).toMatchObject({ overdue: 0, open: 1, writtenThrough: 2 });

    // Chapter 4 gets its first words: overdue, counted, and listed under ?status=overdue.
    await saveChapter({ bookId: f.book.id, chapterId: four.id, version: four.version, content: "The storm broke." }, f.owner);
    const late = await getForeshadowing({ ...f.ids, foreshadowingId: sword.id }, f.owner);
    expect(late).toMatchObject({ status: "overdue", chaptersLeft: 0, deadline: { number: 4, title: "Four" } });
    expect(await foreshadowingSummary(f.ids, f.owner)).toMatchObject({ overdue: 1, open: 0, writtenThrough: 4 });
    expect((await listForeshadowings({ ...f.ids, status: "overdue" }, f.owner)).map((x) => x.id)).toEqual([sword.id]);

    const paid = await updateForeshadowing({ ...f.ids, foreshadowingId: sword.id, payoff: { chapterId: four.id } }, f.owner);
    expect(paid).toMatchObject({ state: "paid_off", status: "paid_off", chaptersLeft: null, payoff: { chapter: { id: four.id, number: 4 } }, settledAt: expect.any(String) });
    const reopened = await updateForeshadowing({ ...f.ids, foreshadowingId: sword.id, state: "planted" }, f.owner);
    expect(reopened).toMatchObject({ state: "planted", status: "overdue", payoff: null, settledAt: null });
    const dropped = await updateForeshadowing({ ...f.ids, foreshadowingId: sword.id, state: "dropped" }, f.owner);
    expect(dropped).toMatchObject({ status: "dropped", chaptersLeft: null });
  });

  it("a deadline chapter moves with a reorder; the setup's words follow every edit of the text and detach when deleted", async () => {
    const f = await fixture("moves");
    const sword = await createForeshadowing({ ...f.ids, title: "Sword", setup: { chapterId: f.one.id, ...f.words(SETUP_TEXT, "black cloth") }, deadline: { chapterId: f.three.id } }, f.owner);
    expect(sword).toMatchObject({ deadline: { chapterId: f.three.id, number: 3, title: "Three" }, chaptersLeft: 1 });
    const moved = await reorderChapters({ bookId: f.book.id, chapterIds: [f.one.id, f.three.id, f.two.id] }, f.owner);
    expect(moved.map((c) => c.id)).toEqual([f.one.id, f.three.id, f.two.id]);
    // Chapter "Three" now stands second, and the book is written through chapter 3 (Two): overdue.
    expect(await getForeshadowing({ ...f.ids, foreshadowingId: sword.id }, f.owner)).toMatchObject({ deadline: { number: 2 }, status: "overdue", chaptersLeft: -1 });

    // Typing above the words moves them; rewording inside keeps them; deleting them detaches.
    const edited = "Rain. " + SETUP_TEXT;
    let chapter = await saveChapter({ bookId: f.book.id, chapterId: f.one.id, version: f.one.version, content: edited }, f.owner);
    let now = await getForeshadowing({ ...f.ids, foreshadowingId: sword.id }, f.owner);
    expect(now.setup.words).toEqual({ quote: "black cloth", ...f.words(edited, "black cloth") });
    const gone = edited.replace(" its blade wrapped in black cloth", "");
    chapter = await saveChapter({ bookId: f.book.id, chapterId: f.one.id, version: chapter.version, content: gone }, f.owner);
    now = await getForeshadowing({ ...f.ids, foreshadowingId: sword.id }, f.owner);
    expect(now.setup.words).toEqual({ quote: "black cloth", start: null, end: null });
    // The words come back (an undo by hand): attached again.
    await saveChapter({ bookId: f.book.id, chapterId: f.one.id, version: chapter.version, content: edited }, f.owner);
    now = await getForeshadowing({ ...f.ids, foreshadowingId: sword.id }, f.owner);
    expect(now.setup.words).toEqual({ quote: "black cloth", ...f.words(edited, "black cloth") });
  });

  it("refuses bad input with 4xx and writes nothing: another book's or a trashed chapter, a deadline before the setup, words not there", async () => {
    const f = await fixture("refused");
    const other = await fixture("refused-other");
    const count = async () => (await listForeshadowings(f.ids, f.owner)).length;
    await expect(createForeshadowing({ ...f.ids, title: "x", setup: { chapterId: other.one.id } }, f.owner)).rejects.toMatchObject({ code: "validation_failed", status: 422, details: [{ path: "setup.chapterId" }] });
    await deleteChapter({ bookId: f.book.id, chapterId: f.two.id }, f.owner);
    await expect(createForeshadowing({ ...f.ids, title: "x", setup: { chapterId: f.two.id } }, f.owner)).rejects.toMatchObject({ code: "chapter_in_trash", status: 404 });
    await expect(createForeshadowing({ ...f.ids, title: "x", setup: { chapterId: f.three.id }, deadline: { chapterId: f.one.id } }, f.owner)).rejects.toMatchObject({ code: "validation_failed", details: [{ path: "deadline" }] });
    await expect(createForeshadowing({ ...f.ids, title: "x", setup: { chapterId: f.three.id }, deadline: { chapterNumber: 1 } }, f.owner)).rejects.toMatchObject({ code: "validation_failed" });
    await expect(createForeshadowing({ ...f.ids, title: "x", setup: { chapterId: f.one.id, start: 0, end: 5, quote: "dragon" } }, f.owner)).rejects.toMatchObject({ code: "validation_failed", details: [{ path: "setup.quote" }] });
    await expect(createForeshadowing({ ...f.ids, title: "x", setup: { chapterId: f.one.id, start: 0, end: 5000 } }, f.owner)).rejects.toMatchObject({ code: "validation_failed", details: [{ path: "setup.end" }] });
    await expect(createForeshadowing({ ...f.ids, title: "x", setup: { chapterId: f.one.id, sceneId: "no-such-scene" } }, f.owner)).rejects.toMatchObject({ code: "validation_failed", details: [{ path: "setup.sceneId" }] });
    expect(await count()).toBe(0);

    const planted = await createForeshadowing({ ...f.ids, title: "Sword", setup: { chapterId: f.three.id } }, f.owner);
    await expect(updateForeshadowing({ ...f.ids, foreshadowingId: planted.id, state: "paid_off" }, f.owner)).rejects.toMatchObject({ code: "validation_failed", details: [{ path: "payoff" }] });
    await expect(updateForeshadowing({ ...f.ids, foreshadowingId: planted.id, deadline: { chapterNumber: 1 } }, f.owner)).rejects.toMatchObject({ code: "validation_failed" });
    await expect(updateForeshadowing({ ...f.ids, foreshadowingId: "nope", title: "y" }, f.owner)).rejects.toMatchObject({ code: "not_found" });
    expect(await getForeshadowing({ ...f.ids, foreshadowingId: planted.id }, f.owner)).toMatchObject({ title: "Sword", state: "planted", deadline: null });

    // A payoff before the setup (a flashback) is kept, with a warning.
    const flashback = await updateForeshadowing({ ...f.ids, foreshadowingId: planted.id, payoff: { chapterId: f.one.id } }, f.owner);
    expect(flashback).toMatchObject({ state: "paid_off", warnings: ["payoff_before_setup"] });
  });

  it("editors plant and pay off; viewers only read; beta readers never see the board", async () => {
    const f = await fixture("roles");
    const [editor, viewer, reader] = [await f.member("editor"), await f.member("viewer"), await f.member("beta_reader")];
    const planted = await createForeshadowing({ ...f.ids, title: "Sword", setup: { chapterId: f.one.id } }, editor);
    expect((await listForeshadowings(f.ids, viewer)).map((x) => x.id)).toEqual([planted.id]);
    await expect(updateForeshadowing({ ...f.ids, foreshadowingId: planted.id, state: "dropped" }, viewer)).rejects.toMatchObject({ code: "forbidden" });
    await expect(listForeshadowings(f.ids, reader)).rejects.toMatchObject({ code: "forbidden" });
    await deleteForeshadowing({ ...f.ids, foreshadowingId: planted.id }, editor);
    expect(await listForeshadowings(f.ids, f.owner)).toEqual([]);
  });
});
