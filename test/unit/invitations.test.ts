// @module-tag postgres
// Issue 36 item 1 (decision 0487): invitations to a book, as the use cases do them.
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { withScopes } from "../support/principals";
import { createBook } from "@/server/books/create-book";
import { sql } from "@/server/db";
import { AppError } from "@/server/errors";
import { acceptInvitation } from "@/server/members/accept-invitation";
import { createInvitation } from "@/server/members/create-invitation";
import { invitationSecretOf, secretFrom } from "@/server/members/invitations";
import { listInvitations } from "@/server/members/list-invitations";
import { listMembers } from "@/server/members/list-members";
import { previewInvitation } from "@/server/members/preview-invitation";
import { withdrawInvitation } from "@/server/members/withdraw-invitation";
import { newWriter } from "../support/principals";

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; details: unknown }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message, details: error.details };
}

const emailOf = async (principal: Principal) => (await sql.selectFrom("User").select("email").where("id", "=", principal.userId).executeTakeFirstOrThrow()).email;

let owner: Principal;
let bookId: string;

beforeAll(async () => {
  await newWriter("admin"); // the first account is the admin, who acts as every book's owner
  owner = await newWriter("owner");
  bookId = (await createBook({ title: "The Heron", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, owner)).id;
});

describe("invitations", () => {
  it("answers a link's secret once, keeps only its hash, and lets one person join with the role", async () => {
    const created = await createInvitation({ bookId, role: "editor", expiresInDays: 7 }, owner);
    expect(created).toMatchObject({ role: "editor", email: null, emailed: false, emailNotSent: expect.stringContaining("link") });
    expect(created.link).toBe(`/invite/${created.secret}`);
    expect(created.secret).toMatch(/^[\w-]{43}$/);
    const stored = await sql.selectFrom("Invitation").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(created.secret);
    expect(new Date(created.expiresAt).getTime() - new Date(created.createdAt).getTime()).toBe(7 * 86_400_000);
    // no e-mail to send, so no outbox row
    expect(await sql.selectFrom("Outbox").select("id").where("subjectId", "=", created.id).execute()).toEqual([]);
    expect((await listInvitations({ bookId }, owner)).map((i) => i.id)).toContain(created.id);

    const reader = await newWriter("reader");
    expect(await previewInvitation(created.link)).toMatchObject({ state: "pending", bookTitle: "The Heron", role: "editor", inviterName: "owner" });
    // the whole link, with a query, is taken as well as the secret
    expect(await acceptInvitation({ secret: `http://ink.example/invite/${created.secret}?from=mail` }, reader)).toEqual({ bookId, bookTitle: "The Heron", role: "editor" });
    expect((await listMembers({ bookId }, owner)).find((m) => m.userId === reader.userId)?.role).toBe("editor");
    expect((await listInvitations({ bookId }, owner)).map((i) => i.id)).not.toContain(created.id);

    const late = await newWriter("late");
    expect(await refusal(acceptInvitation({ secret: created.secret }, late))).toMatchObject({ code: "invitation_gone", details: { reason: "accepted" } });
    expect(await previewInvitation(created.secret)).toMatchObject({ state: "accepted", bookTitle: "" });
  });

  it("refuses a withdrawn or expired invitation, and an unknown secret, changing nothing", async () => {
    const withdrawn = await createInvitation({ bookId, role: "viewer", expiresInDays: 1 }, owner);
    await withdrawInvitation({ bookId, invitationId: withdrawn.id }, owner);
    expect(await refusal(withdrawInvitation({ bookId, invitationId: withdrawn.id }, owner))).toMatchObject({ code: "not_found" });
    const expired = await createInvitation({ bookId, role: "viewer", expiresInDays: 1 }, owner);
    await sql.updateTable("Invitation").set({ expiresAt: new Date(Date.now() - 1000) }).where("id", "=", expired.id).execute();
    const someone = await newWriter("someone");
    expect(await refusal(acceptInvitation({ secret: withdrawn.secret }, someone))).toMatchObject({ code: "invitation_gone", details: { reason: "withdrawn" } });
    expect(await refusal(acceptInvitation({ secret: expired.secret }, someone))).toMatchObject({ code: "invitation_gone", details: { reason: "expired" } });
    expect(await refusal(acceptInvitation({ secret: "not-a-secret" }, someone))).toMatchObject({ code: "not_found" });
    expect(await previewInvitation("not-a-secret")).toEqual({ state: "unknown" });
    expect((await listMembers({ bookId }, owner)).map((m) => m.userId)).not.toContain(someone.userId);
    expect((await listInvitations({ bookId }, owner)).map((i) => i.id)).not.toContain(expired.id);
  });

  it("lets only the account with an e-mail invitation's address accept it, saying whose it is and no more", async () => {
    const invitee = await newWriter("invitee");
    const email = await emailOf(invitee);
    const created = await createInvitation({ bookId, role: "co_author", email, expiresInDays: 3 }, owner);
    expect(created).toMatchObject({ email, emailed: false, emailNotSent: expect.stringContaining("INKSTONE_SMTP_URL") });
    const other = await newWriter("other");
    const refused = await refusal(acceptInvitation({ secret: created.secret }, other));
    expect(refused).toMatchObject({ code: "invitation_not_yours", details: { for: "i…@example.com" } });
    expect(refused.message).not.toContain(email);
    expect(await acceptInvitation({ secret: created.secret }, invitee)).toMatchObject({ role: "co_author" });
  });

  it("refuses someone already on the book with 409 and leaves the invitation for the one it was meant for", async () => {
    const created = await createInvitation({ bookId, role: "beta_reader", expiresInDays: 2 }, owner);
    expect(await refusal(acceptInvitation({ secret: created.secret }, owner))).toMatchObject({ code: "already_member" });
    const newcomer = await newWriter("newcomer");
    expect(await acceptInvitation({ secret: created.secret }, newcomer)).toMatchObject({ role: "beta_reader" });
    // inviting the e-mail of someone on the book is refused up front
    expect(await refusal(createInvitation({ bookId, role: "viewer", email: await emailOf(newcomer), expiresInDays: 7 }, owner))).toMatchObject({ code: "already_member" });
  });

  it("is the owner's: a member who may not manage members, a stranger and a credential without write:books are refused", async () => {
    const coAuthor = await newWriter("co-author");
    const invited = await createInvitation({ bookId, role: "co_author", expiresInDays: 7 }, owner);
    await acceptInvitation({ secret: invited.secret }, coAuthor);
    expect(await refusal(createInvitation({ bookId, role: "viewer", expiresInDays: 7 }, coAuthor))).toMatchObject({ code: "forbidden" });
    expect(await refusal(listInvitations({ bookId }, coAuthor))).toMatchObject({ code: "forbidden" });
    expect(await refusal(withdrawInvitation({ bookId, invitationId: invited.id }, await newWriter("stranger")))).toMatchObject({ code: "forbidden" });
    expect(await refusal(createInvitation({ bookId, role: "viewer", expiresInDays: 7 }, withScopes(owner, ["read:books"])))).toMatchObject({ code: "insufficient_scope" });
  });

  it("derives each secret from the server's key and the id, and finds the secret in what was pasted", () => {
    expect(invitationSecretOf("a")).not.toBe(invitationSecretOf("b"));
    expect(invitationSecretOf("a")).toBe(invitationSecretOf("a"));
    expect(secretFrom(" abc ")).toBe("abc");
    expect(secretFrom("https://ink.example/invite/abc#x")).toBe("abc");
    expect(secretFrom("/invite/abc/")).toBe("abc");
  });
});
