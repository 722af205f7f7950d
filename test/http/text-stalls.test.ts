// @module-tag clock
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, uploadChapter } from "../support/http-books";
import { call, expectFailure, expectSuccess, get, url, type ApiResponse } from "../support/http-client";
import { manuscriptForm } from "../support/http-convert-cases";
import { signUp, type Account } from "../support/http-users";

/**
 * Issue 16, items 1, 4, 5, 7 and 12 (HTML export): a few hundred bytes of text used to hold the
 * server for seconds to minutes (backtracking patterns), or broke exports with a 500. Each attack
 * must now get its answer quickly while a cheap request made meanwhile answers quickly too. The
 * budgets are generous: they tell "linear" from "pathological", not fast from slow.
 */

const ATTACK_BUDGET_MS = 10_000;
const PROBE_BUDGET_MS = 1_500;

let writer: Account;
beforeAll(async () => {
  writer = await signUp("text-stalls");
});

/** Runs the attack and, while it runs, a cheap authenticated GET; both must answer in time. */
async function withProbe(attack: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const started = performance.now();
  const answer = attack().then((response) => ({ response, ms: performance.now() - started }));
  await new Promise((resolve) => setTimeout(resolve, 30));
  const probeStarted = performance.now();
  expectSuccess(await get("/api/v1/users/me", writer.token), 200);
  const probeMs = performance.now() - probeStarted;
  const { response, ms } = await answer;
  expect(probeMs, "a cheap GET made during the attack").toBeLessThan(PROBE_BUDGET_MS);
  expect(ms, `the attack's answer (${response.status} ${response.text.slice(0, 200)})`).toBeLessThan(ATTACK_BUDGET_MS);
  return response;
}

const importText = (text: string, fields: Record<string, string> = {}) => () =>
  call("POST", "/api/v1/books/import", { token: writer.token, body: manuscriptForm(fields, text, "attack.txt") });
const convertMarkdown = (markdown: string, to: string) => () => call("POST", "/api/v1/convert", { token: writer.token, json: { from: "md", to, content: markdown } });

describe("item 1: a chapterPattern of many {n}", () => {
  it("refuses more {n} than a manuscript's numbering uses, at once (33 {n} on 35 bytes took 15 s)", async () => {
    const response = await withProbe(importText("i".repeat(34) + "!", { chapterPattern: "{n}".repeat(33) }));
    const details = expectFailure(response, 422, "validation_failed");
    expect(details).toEqual([expect.objectContaining({ path: "chapterPattern" })]);
  });

  it("splits heading-length lines of numerals with the most {n} allowed, quickly (10 {n} on 82 bytes took 182 s)", async () => {
    const lines = Array.from({ length: 2_000 }, (_, i) => (i % 2 ? "1111iiii一二三四 ".repeat(7) : "i".repeat(81) + "!")).join("\n");
    const response = await withProbe(importText(`${lines}\nChapter 1\nThe text.\n`, { chapterPattern: "{n}{n}{n}{n}" }));
    expectSuccess(response, 201);
  });
});

describe("item 4: a Markdown heading line of spaces", () => {
  it("converts `# a` + 60,000 spaces + `x` quickly (took 14.3 s)", async () => {
    const response = await withProbe(convertMarkdown(`# a${" ".repeat(60_000)}x\n\nText.\n`, "html"));
    expect(response.status, response.text.slice(0, 200)).toBe(200);
    // Still read as a heading (the spaces inside it kept or folded), with its paragraph after it.
    expect(response.text).toMatch(/<h[1-6][^>]*>a\s+x<\/h[1-6]>/);
    expect(response.text).toContain("<p>Text.</p>");
  });

  it("reads a heading of a thousand unpaired `*` and `[^` quickly", async () => {
    const response = await withProbe(convertMarkdown(`# ${"*a".repeat(20_000)}${"[^".repeat(20_000)}\n\nText.\n`, "md"));
    expect(response.status, response.text.slice(0, 200)).toBe(200);
    // Nothing of the heading's text lost: every `a` comes back, and the paragraph after it.
    expect(response.text.match(/a/g)).toHaveLength(20_000);
    expect(response.text.trimEnd().endsWith("Text.")).toBe(true);
  });
});

describe("item 5: a stored chapter whose first line is a heading of spaces", () => {
  it("takes the chapter's title from it, and exports its book, quickly (2 KB stalled every export for 6 s)", async () => {
    const book = await createBook(writer.token, { title: "Spaces" });
    const content = `# a${" ".repeat(20_000)}x\n\nThe chapter words.`;
    const uploaded = expectSuccess(await withProbe(() => call("POST", `/api/v1/books/${book.id}/chapters`, { token: writer.token, json: { content } })), 201);
    expect(uploaded.title.startsWith("a ")).toBe(true);
    for (const format of ["md", "html"]) {
      const exported = await withProbe(() => get(`/api/v1/books/${book.id}/export?format=${format}`, writer.token));
      expect(exported.status, exported.text.slice(0, 200)).toBe(200);
      expect(exported.text).toContain("The chapter words.");
    }
  });
});

describe("item 7: text that Markdown writers choked on", () => {
  it("converts 10,000 nested `>` and 100 KB of emphasis marks quickly, never with a 500", async () => {
    for (const to of ["html", "txt"]) {
      const quotes = await withProbe(convertMarkdown(`${">".repeat(10_000)} deep\n`, to));
      expect(quotes.status, quotes.text.slice(0, 200)).toBe(200);
      expect(quotes.text).toContain("deep");
    }
    const stars = await withProbe(convertMarkdown("*a".repeat(50_000), "html"));
    expect(stars.status, stars.text.slice(0, 200)).toBe(200);
  });

  it("exports a stored chapter of 10,000 `>` as HTML and TXT (a 500 before)", async () => {
    const book = await createBook(writer.token, { title: "Quotes" });
    await uploadChapter(writer.token, book.id, `${"> ".repeat(10_000)}deep\n\nAfter.`, "Deep");
    for (const format of ["html", "txt"]) {
      const exported = await withProbe(() => get(`/api/v1/books/${book.id}/export?format=${format}`, writer.token));
      expect(exported.status, exported.text.slice(0, 200)).toBe(200);
      expect(exported.text).toContain("After.");
    }
  });
});

describe("item 12: script in a chapter", () => {
  const hostile = [
    "Before <script>alert(1)</script> after.",
    "[click](javascript:alert(2)) [entity](JaVa&#115;cript:alert(3)) [fine](https://example.com/) [note](#here)",
    '<img src="x" onerror="alert(4)"> <a href="javascript:alert(5)">raw</a>',
    "",
    '<div onmouseover="alert(6)">block</div>',
    "",
    "<javascript:alert(7)>",
  ].join("\n");

  /** Every tag's attributes: none may be an event handler, no link or source may run script. */
  function expectInert(html: string) {
    expect(html).not.toMatch(/<script/i);
    for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
      expect(tag, tag).not.toMatch(/\son[a-z]+=/i);
      for (const [, value] of tag.matchAll(/(?:href|src)="([^"]*)"/gi)) expect(value, tag).toMatch(/^(?:https?:|mailto:|#|[^:]*$)/i);
    }
  }

  it("is text in the exported HTML and EPUB: no script element, handler or javascript: link", async () => {
    const book = await createBook(writer.token, { title: "Hostile" });
    await uploadChapter(writer.token, book.id, hostile, "Hostile");
    const html = await get(`/api/v1/books/${book.id}/export?format=html`, writer.token);
    expect(html.status).toBe(200);
    expectInert(html.text);
    expect(html.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html.text).toContain('<a href="https://example.com/">fine</a>');
    const epub = await fetch(url(`/api/v1/books/${book.id}/export?format=epub`), { headers: { authorization: `Bearer ${writer.token}` } });
    expect(epub.status).toBe(200);
    const chapters = Object.entries(unzipSync(new Uint8Array(await epub.arrayBuffer()))).filter(([name]) => name.includes("chapter-"));
    expect(chapters.length).toBe(1);
    for (const [, data] of chapters) expectInert(new TextDecoder().decode(data));
  });
});
