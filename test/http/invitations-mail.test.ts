// @module-tag postgres
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectFailure, expectSuccess } from "../support/http-client";
import { PASSWORD, uniqueEmail, type Account } from "../support/http-users";
import { startServer, type RunningServer } from "../support/server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

// Issue 36 items 1 and 7 (decisions 0487, 0493): an invitation's e-mail and a comment's, sent by a
// running server to a real SMTP server process (nodemailer's smtp-server, test/support/smtp-sink.mjs). Nothing sleeps: each
// step waits for the message it expects (the test's limit bounds it).

const PUBLIC_URL = "https://ink.example";
const mailEnv = (sink: SmtpSink) => ({ INKSTONE_SMTP_URL: sink.url, INKSTONE_MAIL_FROM: "Inkstone <ink@ink.example>", INKSTONE_PUBLIC_URL: PUBLIC_URL });

async function signUp(server: RunningServer, label: string): Promise<Account> {
  const account = { email: uniqueEmail(label), password: PASSWORD };
  const user = expectSuccess(await call("POST", "/api/v1/users", { baseUrl: server.baseUrl, json: { ...account, name: label } }), 201);
  const pair = expectSuccess(await call("POST", "/auth/login", { baseUrl: server.baseUrl, json: account }), 200);
  return { ...account, id: user.id, role: user.role, token: pair.access_token, refreshToken: pair.refresh_token };
}

/** A POST with a forged Host header (fetch will not send one): the link mailed must not follow it. */
function postWithHost(server: RunningServer, path: string, token: string, body: unknown, host: string): Promise<{ status: number; body: { data: Record<string, unknown> } }> {
  const url = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, method: "POST", headers: { host, authorization: `Bearer ${token}`, "content-type": "application/json" } },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

const linkIn = (text: string) => /https:\/\/ink\.example\/invite\/[\w-]+/.exec(text)?.[0];

describe("an e-mail invitation, through a real SMTP server", () => {
  let sink: SmtpSink;
  let server: RunningServer;
  let owner: Account;
  let bookId: string;

  beforeAll(async () => {
    // The first message is refused with 451: the outbox must try again.
    sink = await startSmtpSink({ refuseFirst: 1 });
    server = await startServer({ ...mailEnv(sink), INKSTONE_LOG_LEVEL: "info" }, undefined, { captureOutput: true });
    owner = await signUp(server, "mail-owner");
    bookId = expectSuccess(await call("POST", "/api/v1/books", { baseUrl: server.baseUrl, token: owner.token, json: { title: "The Heron's Year", type: "novel", description: "" } }), 201).id;
  }, 300_000);
  afterAll(() => {
    server?.stop();
    sink?.stop();
  });

  it("mails the link on the configured address, whatever Host the request named, retrying a refusal", async () => {
    const invitee = await signUp(server, "mail-invitee");
    const created = await postWithHost(server, `/api/v1/books/${bookId}/invitations`, owner.token, { role: "editor", email: invitee.email }, "evil.example");
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ emailed: true, emailNotSent: null, link: `${PUBLIC_URL}/invite/${created.body.data.secret}` });

    const [mail] = await sink.waitFor(1);
    expect(mail!.to).toEqual([invitee.email]);
    expect(mail!.from).toBe("ink@ink.example");
    expect(mail!.raw).not.toContain("evil.example");
    expect(linkIn(mail!.decoded)).toBe(created.body.data.link);
    expect(mail!.decoded).toContain("The Heron");
    expect(mail!.decoded).toContain("as its editor");
    expect(mail!.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(mail!.raw).not.toMatch(/text\/html/);
    // the first attempt was refused (451) and logged; the second went through
    expect(server.output()).toMatch(/outbox: invitation-email for [\w-]+ failed/);

    // the invitee accepts with the link from the mail
    const accepted = expectSuccess(await call("POST", "/api/v1/invitations/accept", { baseUrl: server.baseUrl, token: invitee.token, json: { secret: linkIn(mail!.decoded) } }), 201);
    expect(accepted).toMatchObject({ bookId, role: "editor" });
  });

  it("sends no e-mail for a link invitation, and the access log never shows a link's secret", async () => {
    const created = expectSuccess(await call("POST", `/api/v1/books/${bookId}/invitations`, { baseUrl: server.baseUrl, token: owner.token, json: { role: "viewer" } }), 201);
    expect(created).toMatchObject({ emailed: false, emailNotSent: expect.stringContaining("link") });
    const page = await fetch(`${server.baseUrl}/invite/${created.secret}`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("The Heron");
    await server.outputMatching(/"path":"\/invite\/\{secret\}"/, 1);
    expect(server.output()).not.toContain(created.secret);
    // a withdrawn link says so
    expect((await call("DELETE", `/api/v1/books/${bookId}/invitations/${created.id}`, { baseUrl: server.baseUrl, token: owner.token })).status).toBe(204);
    const late = await signUp(server, "mail-late");
    expect(expectFailure(await call("POST", "/api/v1/invitations/accept", { baseUrl: server.baseUrl, token: late.token, json: { secret: created.secret } }), 410, "invitation_gone")).toEqual({
      reason: "withdrawn",
    });
    expect(sink.received).toHaveLength(1);
  });
});

describe("a comment's e-mail, through a real SMTP server", () => {
  it("tells the one it mentions, with the link to its thread; nothing for an item read in the app first", async () => {
    const sink = await startSmtpSink();
    const server = await startServer(mailEnv(sink));
    try {
      const [owner, editor] = [await signUp(server, "inbox-mail-owner"), await signUp(server, "inbox-mail-editor")];
      const at = { baseUrl: server.baseUrl, token: owner.token };
      const book = expectSuccess(await call("POST", "/api/v1/books", { ...at, json: { title: "Salt Roads", type: "novel", description: "" } }), 201);
      const chapter = expectSuccess(await call("POST", `/api/v1/books/${book.id}/chapters`, { ...at, json: { title: "Tides", content: "The tide came in twice." } }), 201);
      expectSuccess(await call("POST", `/api/v1/books/${book.id}/members`, { ...at, json: { email: editor.email, role: "editor" } }), 201);
      const thread = expectSuccess(
        await call("POST", `/api/v1/books/${book.id}/chapters/${chapter.id}/threads`, { ...at, json: { start: 4, end: 8, body: "@inbox-mail-editor is this right?" } }),
        201,
      );
      const [mail] = await sink.waitFor(1);
      expect(mail!.to).toEqual([editor.email]);
      expect(mail!.decoded).toContain("inbox-mail-owner mentioned you in a comment on “Tides” in “Salt Roads”:");
      expect(mail!.decoded).toContain("“tide”");
      expect(mail!.decoded).toContain(`${PUBLIC_URL}/books/${book.id}/chapters/${chapter.id}?thread=${thread.id}`);
      expect(sink.received).toHaveLength(1);
    } finally {
      server.stop();
      sink.stop();
    }
  }, 300_000);
});

describe("a suggested edit's e-mails, through a real SMTP server", () => {
  it("tell the owner of the suggestion, and the editor that it was accepted, each with its difference and link", async () => {
    const sink = await startSmtpSink();
    const server = await startServer(mailEnv(sink));
    try {
      const [owner, editor] = [await signUp(server, "suggest-mail-owner"), await signUp(server, "suggest-mail-editor")];
      const at = { baseUrl: server.baseUrl, token: owner.token };
      const book = expectSuccess(await call("POST", "/api/v1/books", { ...at, json: { title: "Salt Roads", type: "novel", description: "" } }), 201);
      const chapter = expectSuccess(await call("POST", `/api/v1/books/${book.id}/chapters`, { ...at, json: { title: "Tides", content: "The tide came in twice." } }), 201);
      expectSuccess(await call("POST", `/api/v1/books/${book.id}/members`, { ...at, json: { email: editor.email, role: "editor" } }), 201);
      const suggestion = expectSuccess(
        await call("POST", `/api/v1/books/${book.id}/chapters/${chapter.id}/suggestions`, { baseUrl: server.baseUrl, token: editor.token, json: { start: 17, end: 22, replacement: "thrice" } }),
        201,
      );
      const [told] = await sink.waitFor(1);
      expect(told!.to).toEqual([owner.email]);
      expect(told!.decoded).toContain("suggest-mail-editor suggested an edit to “Tides” in “Salt Roads”:");
      expect(told!.decoded).toContain("“twice” → “thrice”");
      expect(told!.decoded).toContain(`${PUBLIC_URL}/books/${book.id}/chapters/${chapter.id}?suggestion=${suggestion.id}`);

      expectSuccess(await call("PATCH", `/api/v1/books/${book.id}/suggestions/${suggestion.id}`, { ...at, json: { state: "accepted" } }), 201);
      const [, accepted] = await sink.waitFor(2);
      expect(accepted!.to).toEqual([editor.email]);
      expect(accepted!.decoded).toContain("suggest-mail-owner accepted your suggestion on “Tides” in “Salt Roads”");
    } finally {
      server.stop();
      sink.stop();
    }
  }, 300_000);
});

describe("an e-mail invitation acknowledged just before a crash", () => {
  it("is mailed by the next process that drains the outbox", async () => {
    const sink = await startSmtpSink();
    // This process leaves the outbox's work to others, and then dies without a word.
    const first = await startServer({ ...mailEnv(sink), INKSTONE_OUTBOX_DRAIN: "0" });
    let second: RunningServer | undefined;
    try {
      const owner = await signUp(first, "crash-owner");
      const book = expectSuccess(await call("POST", "/api/v1/books", { baseUrl: first.baseUrl, token: owner.token, json: { title: "Kept", type: "novel", description: "" } }), 201);
      const email = uniqueEmail("crash-invitee");
      const created = expectSuccess(await call("POST", `/api/v1/books/${book.id}/invitations`, { baseUrl: first.baseUrl, token: owner.token, json: { role: "viewer", email } }), 201);
      expect(created.emailed).toBe(true);
      first.stop("SIGKILL");
      expect(sink.received).toEqual([]);
      second = await startServer(mailEnv(sink), first);
      const [mail] = await sink.waitFor(1);
      expect(mail!.to).toEqual([email]);
      expect(linkIn(mail!.decoded)).toBe(created.link);
    } finally {
      first.stop("SIGKILL");
      second?.stop();
      sink.stop();
    }
  }, 300_000);
});
