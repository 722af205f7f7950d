// @module-tag postgres
// Issue 36 items 5 and 7 (decision 0497): a reader finishing a chapter is told in the owner's inbox
// and never e-mailed, even with SMTP configured. Nothing sleeps: the mention mailed after it is the
// first message the real SMTP server receives — a reader's mail, written earlier, would come first.
import { describe, expect, it } from "vitest";
import { call, expectSuccess } from "../support/http-client";
import { PASSWORD, uniqueEmail } from "../support/http-users";
import { startServer, type RunningServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

async function signUp(server: RunningServer, label: string) {
  const account = { email: uniqueEmail(label), password: PASSWORD };
  const user = expectSuccess(await call("POST", "/api/v1/users", { baseUrl: server.baseUrl, json: { ...account, name: label } }), 201);
  const pair = expectSuccess(await call("POST", "/auth/login", { baseUrl: server.baseUrl, json: account }), 200);
  return { ...account, id: user.id as string, token: pair.access_token as string };
}

describe("reader activity and e-mail", () => {
  it("tells the owner in the inbox that a reader finished a chapter, and mails nothing for it", async () => {
    const sink = await startSmtpSink();
    const server = await startServer({ INKSTONE_SMTP_URL: sink.url, INKSTONE_MAIL_FROM: "Inkstone <ink@ink.example>", INKSTONE_PUBLIC_URL: "https://ink.example" });
    try {
      const [owner, reader, editor] = [await signUp(server, "quiet-owner"), await signUp(server, "quiet-reader"), await signUp(server, "quiet-editor")];
      const as = (who: { token: string }) => ({ baseUrl: server.baseUrl, token: who.token });
      const book = expectSuccess(await call("POST", "/api/v1/books", { ...as(owner), json: { title: "Salt Roads", type: "novel", description: "" } }), 201);
      const chapter = expectSuccess(await call("POST", `/api/v1/books/${book.id}/chapters`, { ...as(owner), json: { title: "Tides", content: "The tide came in twice." } }), 201);
      expectSuccess(await call("PATCH", `/api/v1/books/${book.id}/chapters/${chapter.id}/release`, { ...as(owner), json: { released: true } }), 201);
      const snapshot = expectSuccess(await call("POST", `/api/v1/books/${book.id}/snapshots`, { ...as(owner), json: { name: "Draft 1" } }), 201);
      expectSuccess(await call("PUT", `/api/v1/books/${book.id}/readers/sharing`, { ...as(owner), json: { snapshotId: snapshot.id } }), 201);
      for (const [who, role] of [[reader, "beta_reader"], [editor, "editor"]] as const) {
        expectSuccess(await call("POST", `/api/v1/books/${book.id}/members`, { ...as(owner), json: { email: who.email, role } }), 201);
      }

      expectSuccess(await call("PUT", `/api/v1/books/${book.id}/reading/chapters/${chapter.id}/place`, { ...as(reader), json: { paragraph: 0, finished: true } }), 201);
      const inbox = expectSuccess(await call("GET", "/api/v1/inbox", as(owner)), 200);
      expect(inbox).toEqual([expect.objectContaining({ kind: "reader_finished", actor: { id: "", name: "Reader 1", readerNumber: 1 } })]);

      expectSuccess(await call("POST", `/api/v1/books/${book.id}/chapters/${chapter.id}/threads`, { ...as(editor), json: { start: 4, end: 8, body: "@quiet-owner is this right?" } }), 201);
      const [mail] = await sink.waitFor(1);
      expect(mail!.to).toEqual([owner.email]);
      expect(mail!.decoded).toContain("quiet-editor mentioned you");
      expect(sink.received.map((m) => m.decoded).join("\n")).not.toContain("finished");
    } finally {
      server.stop();
      sink.stop();
    }
  }, 300_000);
});
