// @module-tag postgres
// Issue 35 item 3 with the inbox (decision 0508): when the book is written through a foreshadowing's
// pay-off-by chapter, its writers (owner and co-authors) get one inbox item for it, linking to the
// board — not one per save, and nobody who does not write the book.
import { describe, expect, it } from "vitest";
import type { MemberRole } from "@/server/auth/book-roles";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { createForeshadowing } from "@/server/foreshadowing/create-foreshadowing";
import { deleteForeshadowing } from "@/server/foreshadowing/delete-foreshadowing";
import { updateForeshadowing } from "@/server/foreshadowing/update-foreshadowing";
import { inboxCollection, listInbox } from "@/server/inbox/list-inbox";
import { defaultCollectionOptions } from "@/server/collections";
import { addMember } from "@/server/members/add-member";
import { newWriter } from "../support/principals";

async function fixture(name: string) {
  const owner = await newWriter(`fo-owner-${name}`);
  const book = await createBook({ title: "伏笔 overdue", type: "xianxia", description: "", language: "en", status: "drafting", targetWordCount: null }, owner);
  const one = await uploadChapter({ bookId: book.id, title: "One", content: "The sword in black cloth." }, owner);
  const two = await uploadChapter({ bookId: book.id, title: "Two", content: "" }, owner);
  const three = await uploadChapter({ bookId: book.id, title: "Three", content: "" }, owner);
  const member = async (role: MemberRole): Promise<Principal> => {
    const person = await newWriter(`fo-${role.replace("_", "-")}-${name}`);
    const { email } = await sql.selectFrom("User").select("email").where("id", "=", person.userId).executeTakeFirstOrThrow();
    await addMember({ bookId: book.id, email, role }, owner);
    return person;
  };
  return { owner, book, one, two, three, member };
}

const overdueItems = async (principal: Principal) => (await listInbox(defaultCollectionOptions(inboxCollection, { perPage: 100 }), principal)).items.filter((n) => n.kind === "foreshadowing_overdue");

describe("overdue foreshadowing in the inbox", () => {
  it("tells the owner and co-authors once, when the pay-off-by chapter gets its first words; not editors or viewers; not again on later saves", async () => {
    const f = await fixture("once");
    const coAuthor = await f.member("co_author");
    const editor = await f.member("editor");
    const viewer = await f.member("viewer");
    const sword = await createForeshadowing({ bookId: f.book.id, title: "The wrapped sword", setup: { chapterId: f.one.id }, deadline: { chapterId: f.two.id } }, f.owner);
    const noDeadline = await createForeshadowing({ bookId: f.book.id, title: "No deadline", setup: { chapterId: f.one.id } }, f.owner);
    expect(noDeadline.status).toBe("open");

    // Saving a chapter already written (or an empty one, still empty) tells nobody.
    await saveChapter({ bookId: f.book.id, chapterId: f.one.id, version: f.one.version, content: "The sword in black cloth, again." }, f.owner);
    expect(await overdueItems(f.owner)).toEqual([]);

    // The co-author writes the pay-off-by chapter's first words: overdue now.
    const written = await saveChapter({ bookId: f.book.id, chapterId: f.two.id, version: f.two.version, content: "The storm came." }, coAuthor);
    for (const person of [f.owner, coAuthor]) {
      const items = await overdueItems(person);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ foreshadowing: { id: sword.id, title: "The wrapped sword", state: "planted" }, book: { id: f.book.id }, read: false });
      expect(items[0]!.href).toBe(`/books/${f.book.id}/foreshadowing#foreshadowing-${sword.id}`);
    }
    for (const person of [editor, viewer]) expect(await overdueItems(person)).toEqual([]);

    // Further saves, and a later chapter's first words, tell no one again.
    await saveChapter({ bookId: f.book.id, chapterId: f.two.id, version: written.version, content: "The storm came and went." }, coAuthor);
    await saveChapter({ bookId: f.book.id, chapterId: f.three.id, version: f.three.version, content: "Morning." }, f.owner);
    expect(await overdueItems(f.owner)).toHaveLength(1);
    expect(await overdueItems(coAuthor)).toHaveLength(1);

    // Deleting the foreshadowing takes its inbox items with it.
    await deleteForeshadowing({ bookId: f.book.id, foreshadowingId: sword.id }, f.owner);
    expect(await overdueItems(f.owner)).toEqual([]);
  });

  it("a deadline by chapter number turns overdue when a later chapter is written; a new deadline may be told again", async () => {
    const f = await fixture("number");
    const thread = await createForeshadowing({ bookId: f.book.id, title: "The letter", setup: { chapterId: f.one.id }, deadline: { chapterNumber: 2 } }, f.owner);
    await saveChapter({ bookId: f.book.id, chapterId: f.three.id, version: f.three.version, content: "Years later." }, f.owner);
    expect(await overdueItems(f.owner)).toHaveLength(1);
    // Moved to chapter 5 (not yet written): open again; when chapter 5 gets words, told again.
    await updateForeshadowing({ bookId: f.book.id, foreshadowingId: thread.id, deadline: { chapterNumber: 5 } }, f.owner);
    await uploadChapter({ bookId: f.book.id, title: "Four", content: "" }, f.owner);
    await uploadChapter({ bookId: f.book.id, title: "Five", content: "The letter was never opened." }, f.owner);
    expect(await overdueItems(f.owner)).toHaveLength(2);
  });

  it("a foreshadowing paid off or dropped is never told", async () => {
    const f = await fixture("settled");
    const paid = await createForeshadowing({ bookId: f.book.id, title: "Paid", setup: { chapterId: f.one.id }, deadline: { chapterId: f.two.id } }, f.owner);
    const dropped = await createForeshadowing({ bookId: f.book.id, title: "Dropped", setup: { chapterId: f.one.id }, deadline: { chapterId: f.two.id } }, f.owner);
    await updateForeshadowing({ bookId: f.book.id, foreshadowingId: paid.id, payoff: { chapterId: f.one.id } }, f.owner);
    await updateForeshadowing({ bookId: f.book.id, foreshadowingId: dropped.id, state: "dropped" }, f.owner);
    await saveChapter({ bookId: f.book.id, chapterId: f.two.id, version: f.two.version, content: "Now." }, f.owner);
    expect(await overdueItems(f.owner)).toEqual([]);
  });
});
