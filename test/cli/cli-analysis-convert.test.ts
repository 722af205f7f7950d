import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { fails, inkstone, json, loggedIn, newHome, ok } from "../support/cli";

let home: string;
let folder: string;
const run = (args: string[], input?: string) => inkstone(home, args, { input });
const file = (name: string, content: string | Uint8Array) => {
  const full = path.join(folder, name);
  writeFileSync(full, content);
  return full;
};
const ZIP = "PK\u0003\u0004";

const MANUSCRIPT = `# The Lighthouse

## Chapter One

Mara climbed the stairs. "Who's there?" she called. Tom did not answer.

## Chapter Two

Tom waited below, counting the waves. Mara came down at dawn.
`;

beforeAll(async () => {
  ({ home } = await loggedIn("convert"));
  folder = mkdtempSync(path.join(tmpdir(), "inkstone-convert-"));
});

describe("inkstone formats", () => {
  it("lists what the server reads and writes", async () => {
    const table = ok(await run(["formats"]));
    expect(table).toMatch(/docx/);
    const formats = json(await run(["formats", "--json"]));
    const docx = formats.find((f: { id: string }) => f.id === "docx");
    expect(docx).toMatchObject({ read: true, write: true, extensions: expect.arrayContaining(["docx"]) });
    expect(fails(await inkstone(newHome(), ["formats"], { env: { INKSTONE_URL: inject("baseUrl") } }), 4)).toBe("inkstone: not logged in — run inkstone login");
  });
});

describe("inkstone convert", () => {
  it("converts a file and writes the result, to a file or to standard output", async () => {
    const input = file("notes.md", MANUSCRIPT);
    const html = path.join(folder, "notes.html");
    expect(ok(await run(["convert", input, "--to", "html", "-o", html]))).toMatch(/^Wrote .*notes\.html \(\d+ bytes\)\.\n$/);
    expect(readFileSync(html, "utf8")).toContain("Chapter One");
    const docx = path.join(folder, "notes.docx");
    ok(await run(["convert", input, "--to", "docx", "-o", docx]));
    expect(readFileSync(docx).subarray(0, 4).toString("latin1")).toBe(ZIP);
    expect(ok(await run(["convert", input, "--from", "md", "--to", "txt", "-o", "-"]))).toContain("Mara climbed the stairs.");
  });

  it("waits for a large conversion queued as a job, then downloads its file", async () => {
    const big = file("big.md", `# Big\n\n${"The sea rose and fell against the rocks all night. ".repeat(45_000)}`);
    const out = path.join(folder, "big.html");
    expect(json(await run(["convert", big, "--to", "html", "-o", out, "--json"]))).toMatchObject({ file: out, job: expect.any(String) });
    expect(readFileSync(out, "utf8")).toContain("The sea rose and fell");
    const small = path.join(folder, "small.html");
    expect(json(await run(["convert", file("small.md", MANUSCRIPT), "--to", "html", "-o", small, "--json"]))).toMatchObject({ file: small, job: null });
  });

  it("reports an unknown format, a corrupt document and a missing file in one line", async () => {
    const input = file("plain.md", MANUSCRIPT);
    expect(fails(await run(["convert", input, "--to", "nonsense", "-o", path.join(folder, "x")]))).toMatch(/^inkstone: .*nonsense/);
    const corrupt = file("broken.docx", Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(fails(await run(["convert", corrupt, "--to", "md", "-o", path.join(folder, "y")]))).toMatch(/^inkstone: invalid input: The file is not a Word document \(DOCX\)/);
    expect(fails(await run(["convert", path.join(folder, "missing.md"), "--to", "html", "-o", "-"]))).toMatch(/missing\.md: no such file or folder$/);
  });

  it("keeps private notes out of a conversion, and prints them as bracketed text with --notes", async () => {
    const input = file("with-note.md", "The tide came in. <!-- check the tide table -->\n");
    const plain = ok(await run(["convert", input, "--to", "txt", "-o", "-"]));
    expect(plain).toContain("The tide came in.");
    expect(plain).not.toContain("tide table");
    const out = path.join(folder, "with-note.txt");
    expect(ok(await run(["convert", input, "--to", "txt", "--notes", "-o", out]))).toMatch(/^Wrote .*with-note\.txt/);
    expect(readFileSync(out, "utf8")).toMatch(/The tide came in\. \\?\[check the tide table\\?\]/);
  });
});

describe("inkstone import and export", () => {
  let bookId: string;

  it("imports a manuscript as a new book, one chapter per heading", async () => {
    const input = file("lighthouse.md", MANUSCRIPT);
    expect(ok(await run(["import", input, "--title", "Lighthouse"]))).toMatch(/^Imported "Lighthouse" \(\S+\) with 2 chapters\.\n$/);
    const books = json(await run(["books", "list", "--json"])).items;
    bookId = books.find((b: { title: string }) => b.title === "Lighthouse").id;
    expect(json(await run(["chapters", "list", bookId, "--json"])).items.map((c: { title: string }) => c.title)).toEqual(["Chapter One", "Chapter Two"]);
    const corrupt = file("broken.epub", Uint8Array.from([0x50, 0x4b, 3, 4, 9, 9, 9]));
    expect(fails(await run(["import", corrupt]))).toMatch(/^inkstone: invalid input: The file is damaged/);
  });

  it("exports the book to a file, a manuscript DOCX and standard output", async () => {
    const docx = path.join(folder, "lighthouse.docx");
    expect(ok(await run(["export", bookId, "--format", "docx", "-o", docx]))).toMatch(/^Wrote .*lighthouse\.docx/);
    expect(readFileSync(docx).subarray(0, 4).toString("latin1")).toBe(ZIP);
    const manuscript = path.join(folder, "manuscript.docx");
    ok(await run(["export", bookId, "--format", "docx", "--manuscript", "-o", manuscript]));
    expect(readFileSync(manuscript).subarray(0, 4).toString("latin1")).toBe(ZIP);
    expect(ok(await run(["export", bookId, "--format", "md", "-o", "-"]))).toContain("Tom waited below");
    expect(fails(await run(["export", bookId, "--format", "nonsense", "-o", "-"]))).toMatch(/^inkstone: .*\(406 not_acceptable\)$/);
    expect(fails(await run(["export", "no-such-book", "--format", "docx", "-o", "-"]))).toMatch(/\(404 not_found\)$/);
  });

  it("reports the server's name for the file, read from Content-Disposition whatever the title holds", async () => {
    // content-disposition on both sides (issue 18 item 9): UTF-8, quotes and a percent sign survive.
    const title = "灯塔 “100%” it's (1)";
    const book = json(await run(["books", "create", "--title", title, "--json"]));
    ok(await run(["chapters", "upload", book.id, file("one.md", "# One\n\nText.\n")]));
    const written = json(await run(["export", book.id, "--format", "md", "-o", path.join(folder, "named.md"), "--json"]));
    expect(written).toMatchObject({ name: `${title}.md`, mediaType: "text/markdown; charset=utf-8" });
  });

  it("exports with smart punctuation and private notes when asked, and without them otherwise", async () => {
    const book = json(await run(["books", "create", "--title", "Proofs", "--json"]));
    ok(await run(["chapters", "upload", book.id, file("proof.md", `"Wait..." she said -- it's late. <!-- check the tide table -->\n`)]));
    const plain = ok(await run(["export", book.id, "--format", "txt", "-o", "-"]));
    expect(plain).toContain(`"Wait..." she said -- it's late.`);
    expect(plain).not.toContain("tide table");
    const out = path.join(folder, "proofs.txt");
    ok(await run(["export", book.id, "--format", "txt", "--smart-punctuation", "--notes", "-o", out]));
    const text = readFileSync(out, "utf8");
    expect(text).toContain("“Wait…” she said – it’s late.");
    expect(text).toMatch(/\\?\[check the tide table\\?\]/);
  });
});

describe("inkstone analysis", () => {
  it("searches, shows, installs and runs a template on a book, and reads the results", async () => {
    const bookId = json(await run(["import", file("for-analysis.md", MANUSCRIPT), "--title", "Analysed", "--json"])).book.id;
    const found = json(await run(["analysis", "search", "character", "--category", "character", "--json"])).items;
    const template = found.find((t: { name: string }) => t.name === "Character presence");
    expect(template).toBeDefined();
    expect(ok(await run(["analysis", "search", "character"]))).toContain("Character presence");
    expect(ok(await run(["analysis", "show", template.id]))).toContain("Character presence");

    expect(fails(await run(["analysis", "run", template.id, "--book", bookId]))).toMatch(/^inkstone: .*\(409 template_not_installed\)$/);
    expect(ok(await run(["analysis", "install", template.id]))).toContain("Installed");
    const result = json(await run(["analysis", "run", template.id, "--book", bookId, "--character", "Mara", "--character", "Tom", "--json"]));
    expect(result).toMatchObject({ bookId, templateId: template.id, status: "succeeded", parameters: { characters: ["Mara", "Tom"] } });

    const listed = ok(await run(["analysis", "results", "--book", bookId]));
    expect(listed).toContain(result.id);
    expect(listed).toContain("Character presence");
    const shown = ok(await run(["analysis", "results", "--book", bookId, result.id]));
    expect(shown).toContain("Mara");
    expect(shown).toContain("== Mentions per chapter ==");
    expect(json(await run(["analysis", "results", "--book", bookId, result.id, "--json"])).report.sections.length).toBeGreaterThan(0);
    expect(fails(await run(["analysis", "show", "no-such-template"]))).toMatch(/\(404 not_found\)$/);
  });
});
