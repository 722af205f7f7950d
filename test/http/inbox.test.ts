// @module-tag postgres
// Issue 36 item 7 (decision 0493): the inbox, as a caller meets it over HTTP. Who is told of a new
// thread, a reply and a mention; an invitation for one's e-mail; read and unread; what a removed
// member stops seeing. The credential matrices cover who may call each endpoint.
import { beforeAll, describe, expect, it } from "vitest";
import { bookWithChapters } from "../support/http-books";
import { del, expectFailure, expectSuccess, patch, post } from "../support/http-client";
import { openThread } from "../support/http-comments-cases";
import { inboxItems } from "../support/http-inbox-cases";
import { addMember } from "../support/http-members-cases";
import { signUp, type Account } from "../support/http-users";

let owner: Account;

beforeAll(async () => {
  owner = await signUp("inbox-owner");
});

const kinds = async (account: Account) => (await inboxItems(account)).map((n) => [n.kind, n.read]);

describe("who is told", () => {
  it("the owner of a new thread, the people it mentions, and everyone who wrote in a thread of a reply; never the author", async () => {
    const { book, chapter } = await bookWithChapters(owner.token);
    const editor = await addMember(owner, book.id, "editor");
    const coAuthor = await signUp("inbox-coauthor");
    await addMember(owner, book.id, "co_author", coAuthor);
    const viewer = await addMember(owner, book.id, "viewer");

    const thread = await openThread(editor, book.id, chapter.id, { start: 11, end: 13, body: "@inbox-coauthor, a look?" });
    expect(await kinds(owner)).toEqual([["comment", false]]);
    expect(await kinds(coAuthor)).toEqual([["mention", false]]);
    expect(await kinds(editor)).toEqual([]);
    expect(await kinds(viewer)).toEqual([]);

    expectSuccess(await post(`/api/v1/books/${book.id}/threads/${thread.id}/comments`, coAuthor.token, { body: "Looks fine." }), 201);
    const [reply] = await inboxItems(editor);
    expect(reply).toMatchObject({
      kind: "reply",
      book: { id: book.id },
      actor: { id: coAuthor.id, name: "inbox-coauthor", readerNumber: null },
      thread: { id: thread.id, chapterId: chapter.id, quote: "It" },
      comment: { excerpt: "Looks fine." },
      href: `/books/${book.id}/chapters/${chapter.id}?thread=${thread.id}`,
    });
    // The owner, who wrote nothing in the thread, was told of it once, when it opened.
    expect(await kinds(owner)).toEqual([["comment", false]]);

    // A member removed from the book no longer sees what it told them.
    expectSuccess(await del(`/api/v1/books/${book.id}/members/${editor.id}`, owner.token), 204);
    expect(await inboxItems(editor)).toEqual([]);
  });

  it("an account invited by its e-mail, with the link while the invitation is pending", async () => {
    const { book } = await bookWithChapters(owner.token);
    const invitee = await signUp("inbox-invitee");
    const invitation = expectSuccess(await post(`/api/v1/books/${book.id}/invitations`, owner.token, { role: "editor", email: invitee.email }), 201);
    const [item] = await inboxItems(invitee);
    expect(item).toMatchObject({ kind: "invitation", invitation: { id: invitation.id, role: "editor", state: "pending", link: invitation.link }, href: invitation.link });
    expectSuccess(await post("/api/v1/invitations/accept", invitee.token, { secret: invitation.secret }), 201);
    expect((await inboxItems(invitee))[0]).toMatchObject({ invitation: { state: "accepted", link: null }, href: `/books/${book.id}` });
  });
});

describe("read and unread", () => {
  it("marks one read and unread again, or all read; another's notification is 404; a bad body 422", async () => {
    const { book, chapter } = await bookWithChapters(owner.token);
    const editor = await addMember(owner, book.id, "editor");
    await openThread(editor, book.id, chapter.id, { start: 11, end: 13, body: "One." });
    await openThread(editor, book.id, chapter.id, { start: 14, end: 17, body: "Two." });
    const [first] = await inboxItems(owner, "&unread=true");
    expect(expectSuccess(await patch(`/api/v1/inbox/${first!.id}`, owner.token, { read: true }), 201)).toMatchObject({ read: true });
    expect(await inboxItems(owner, "&unread=true")).toHaveLength((await inboxItems(owner)).filter((n) => !n.read).length);
    expectFailure(await patch(`/api/v1/inbox/${first!.id}`, editor.token, { read: true }), 404, "not_found");
    expectFailure(await patch(`/api/v1/inbox/${first!.id}`, owner.token, { read: "yes" }), 422, "validation_failed");
    expect(expectSuccess(await patch(`/api/v1/inbox/${first!.id}`, owner.token, { read: false }), 201)).toMatchObject({ read: false });
    const unread = (await inboxItems(owner, "&unread=true")).length;
    expect(expectSuccess(await post("/api/v1/inbox/read", owner.token, {}), 201)).toEqual({ marked: unread });
    expect(await inboxItems(owner, "&unread=true")).toEqual([]);
  });
});
