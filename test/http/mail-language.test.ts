// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectSuccess } from "../support/http-client";
import { PASSWORD, uniqueEmail, type Account } from "../support/http-users";
import { startServer, type RunningServer } from "../support/server";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp-sink";

// Issue 32 item 1 (decisions 0504, 0509): an e-mail speaks its recipient's chosen language when
// they have an account, else the language of whoever caused it. A running server sends each to a
// real SMTP server process; nothing sleeps, each step waits for the message it expects.

const PUBLIC_URL = "https://ink.example";

/** A MIME header or body part's text: base64 or quoted-printable, as nodemailer chose for it. */
function decodePart(encoding: string, text: string): string {
  if (encoding.toLowerCase() === "base64") return Buffer.from(text.replace(/\s+/g, ""), "base64").toString("utf8");
  const joined = text.replace(/=\r?\n/g, "");
  return Buffer.from(joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), "latin1").toString("utf8");
}

/** The subject (its encoded words undone) and the plain-text body of a single-part message. */
function read(mail: ReceivedMail): { subject: string; text: string } {
  const split = mail.raw.indexOf("\r\n\r\n");
  const head = mail.raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = mail.raw.slice(split + 4);
  const header = (name: string) => head.split("\r\n").find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.slice(name.length + 1).trim() ?? "";
  const subject = header("Subject")
    .split(" ")
    .map((word) => {
      const encoded = /^=\?utf-8\?([bq])\?(.*)\?=$/i.exec(word);
      return encoded ? decodePart(encoded[1]!.toLowerCase() === "b" ? "base64" : "qp", encoded[2]!.replaceAll("_", " ")) : word;
    })
    .join("");
  return { subject, text: decodePart(header("Content-Transfer-Encoding"), body) };
}

describe("e-mails in the language of whoever reads them", () => {
  let sink: SmtpSink;
  let server: RunningServer;

  async function signUp(label: string, name: string, locale?: "zh-CN" | "en"): Promise<Account> {
    const account = { email: uniqueEmail(label), password: PASSWORD };
    const user = expectSuccess(await call("POST", "/api/v1/users", { baseUrl: server.baseUrl, json: { ...account, name } }), 201);
    const pair = expectSuccess(await call("POST", "/auth/login", { baseUrl: server.baseUrl, json: account }), 200);
    if (locale) expectSuccess(await call("PATCH", "/api/v1/users/me", { baseUrl: server.baseUrl, token: pair.access_token, json: { locale } }), 201);
    return { ...account, id: user.id, role: user.role, token: pair.access_token, refreshToken: pair.refresh_token };
  }

  const newBook = async (owner: Account, title: string, language = "en") =>
    expectSuccess(await call("POST", "/api/v1/books", { baseUrl: server.baseUrl, token: owner.token, json: { title, type: "novel", description: "", language } }), 201) as { id: string };

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ INKSTONE_SMTP_URL: sink.url, INKSTONE_MAIL_FROM: "Inkstone <ink@ink.example>", INKSTONE_PUBLIC_URL: PUBLIC_URL });
  }, 300_000);
  afterAll(() => {
    server?.stop();
    sink?.stop();
  });

  it("invites a writer who chose Chinese in Chinese, though the inviter reads English", async () => {
    const owner = await signUp("mail-zh-owner", "Ada", "en");
    const invitee = await signUp("mail-zh-invitee", "林晓", "zh-CN");
    const book = await newBook(owner, "The Heron's Year");
    expectSuccess(await call("POST", `/api/v1/books/${book.id}/invitations`, { baseUrl: server.baseUrl, token: owner.token, json: { role: "editor", email: invitee.email } }), 201);
    const mails = await sink.waitFor(sink.received.length + 1);
    const { subject, text } = read(mails.at(-1)!);
    expect(mails.at(-1)!.to).toEqual([invitee.email]);
    expect(subject).toBe("Ada 邀请你在 Inkstone 上参与《The Heron's Year》");
    expect(text).toContain("Ada 邀请你以编辑身份参与《The Heron's Year》的写作。");
    expect(text).toContain("打开下面的链接即可接受邀请");
    expect(text).toContain(`此邀请发给 ${invitee.email}，请在 `);
    expect(text).toMatch(/https:\/\/ink\.example\/invite\/[\w-]+/);
    expect(text).not.toMatch(/invites you|Open this link/);
  });

  it("invites an address with no account in the inviter's language; an English inviter's stays English", async () => {
    const owner = await signUp("mail-zh-inviter", "王五", "zh-CN");
    const book = await newBook(owner, "三国演义", "zh-CN");
    const stranger = uniqueEmail("mail-zh-stranger");
    expectSuccess(await call("POST", `/api/v1/books/${book.id}/invitations`, { baseUrl: server.baseUrl, token: owner.token, json: { role: "beta_reader", email: stranger } }), 201);
    let mails = await sink.waitFor(sink.received.length + 1);
    expect(mails.at(-1)!.to).toEqual([stranger]);
    expect(read(mails.at(-1)!).text).toContain("王五 邀请你以试读读者身份参与《三国演义》的写作。");

    const english = await signUp("mail-en-inviter", "Ada");
    const englishBook = await newBook(english, "Salt Roads");
    const other = uniqueEmail("mail-en-stranger");
    expectSuccess(await call("POST", `/api/v1/books/${englishBook.id}/invitations`, { baseUrl: server.baseUrl, token: english.token, json: { role: "viewer", email: other } }), 201);
    mails = await sink.waitFor(sink.received.length + 1);
    const { subject, text } = read(mails.at(-1)!);
    expect(subject).toBe("Ada invites you to “Salt Roads” on Inkstone");
    expect(text).toContain("Ada invites you to work on “Salt Roads” as its viewer.");
    expect(text).toContain(`The invitation is for ${other} and can be accepted until `);
  });

  it("tells a writer who chose Chinese of a mention in Chinese", async () => {
    const owner = await signUp("mail-zh-commenter", "Ada", "en");
    const editor = await signUp("mail-zh-editor", "linxiao", "zh-CN");
    const at = { baseUrl: server.baseUrl, token: owner.token };
    const book = await newBook(owner, "Salt Roads");
    const chapter = expectSuccess(await call("POST", `/api/v1/books/${book.id}/chapters`, { ...at, json: { title: "Tides", content: "The tide came in twice." } }), 201);
    expectSuccess(await call("POST", `/api/v1/books/${book.id}/members`, { ...at, json: { email: editor.email, role: "editor" } }), 201);
    const count = sink.received.length;
    expectSuccess(await call("POST", `/api/v1/books/${book.id}/chapters/${chapter.id}/threads`, { ...at, json: { start: 4, end: 8, body: "@linxiao is this right?" } }), 201);
    const mails = await sink.waitFor(count + 1);
    const { subject, text } = read(mails.at(-1)!);
    expect(mails.at(-1)!.to).toEqual([editor.email]);
    expect(subject).toBe("Ada 在《Salt Roads》“Tides”的批注中提到了你");
    expect(text).toContain("Ada 在《Salt Roads》“Tides”的批注中提到了你：");
    expect(text).toContain("查看：https://ink.example/books/");
    expect(text).toContain("在 Inkstone 的收件箱里可以看到全部通知");
  });
});
