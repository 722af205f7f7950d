import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { fails, inkstone, inkstoneOnTerminal, json, loggedIn, ok } from "../support/cli";
import { startProxy } from "../support/cli-proxy";

// Issue 33, item 13: a CLI like gh, further; and the CLI honours the rate limit's 429 (decision 0473).

let home: string;
let bookId: string;
const chapterIds: string[] = [];
const run = (args: string[], input?: string) => inkstone(home, args, { input });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const stripEscapes = (text: string) => text.replace(/\u001b\[[\d;?]*[A-Za-z]/g, "");

beforeAll(async () => {
  ({ home } = await loggedIn("gh-further"));
  bookId = json(await run(["books", "create", "--title", "The Lantern Keeper's Long and Winding Account", "--type", "a rather long genre name", "--json"])).id;
  for (const text of ["# Landfall\n\nThe boat came in at dusk.\n", "# The Climb\n\nMara climbed the tower.\n"]) {
    chapterIds.push(json(await run(["chapters", "upload", bookId, "--json"], text)).id);
  }
});

describe("429 and 503 with Retry-After", () => {
  const RATE_LIMITED = JSON.stringify({ code: 42900, msg: "Too many requests", error: "rate_limited", details: { retryAfter: 0 } });

  it("waits as the server asks and sends the request again, saying so on stderr", async () => {
    let refused = 0;
    const proxy = await startProxy(inject("baseUrl"), {
      answer: (request) => (request.url === "/api/v1/users/me" && refused++ < 2 ? { status: 429, headers: { "retry-after": "0" }, body: RATE_LIMITED } : undefined),
    });
    try {
      const answered = await inkstone(home, ["whoami", "--json"], { env: { INKSTONE_URL: proxy.url } });
      expect(json(answered).email).toMatch(/@/);
      expect(answered.stderr).toBe(
        "inkstone: the server is limiting this client's requests (429); trying again in 0 s (retry 1 of 3)\n" +
          "inkstone: the server is limiting this client's requests (429); trying again in 0 s (retry 2 of 3)\n",
      );
      expect(proxy.seen.filter((line) => line === "GET /api/v1/users/me")).toHaveLength(3);
    } finally {
      await proxy.close();
    }
  });

  it("gives up after three retries, and at once when the wait asked for is too long", async () => {
    let wait = "0";
    const proxy = await startProxy(inject("baseUrl"), {
      answer: (request) => (request.url === "/api/v1/users/me" ? { status: 429, headers: { "retry-after": wait }, body: RATE_LIMITED } : undefined),
    });
    try {
      const refused = await inkstone(home, ["whoami"], { env: { INKSTONE_URL: proxy.url } });
      expect(refused.code).toBe(1);
      const lines = refused.stderr.trimEnd().split("\n");
      expect(lines).toHaveLength(4);
      expect(lines[3]).toBe("inkstone: Too many requests; try again in 0 s (429 rate_limited)");
      expect(proxy.seen).toHaveLength(4);

      wait = "3600";
      expect(fails(await inkstone(home, ["whoami"], { env: { INKSTONE_URL: proxy.url } }))).toBe("inkstone: Too many requests; try again in 3600 s (429 rate_limited)");
      expect(proxy.seen).toHaveLength(5);
    } finally {
      await proxy.close();
    }
  });

  it("retries a 503 that names a Retry-After (a write too: the body is sent again), and not one that does not", async () => {
    let unavailable = 1;
    let header: Record<string, string> = { "retry-after": "0" };
    const proxy = await startProxy(inject("baseUrl"), {
      answer: (request) =>
        request.method === "POST" && unavailable-- > 0 ? { status: 503, headers: header, body: JSON.stringify({ code: 503, msg: "Unavailable", error: "unavailable" }) } : undefined,
    });
    try {
      const created = await inkstone(home, ["books", "create", "--title", "Second Try", "--json"], { env: { INKSTONE_URL: proxy.url } });
      expect(json(created).title).toBe("Second Try");
      expect(created.stderr).toBe("inkstone: the server is unavailable for now (503); trying again in 0 s (retry 1 of 3)\n");

      unavailable = 1;
      header = {};
      expect(fails(await inkstone(home, ["books", "create", "--title", "No Promise"], { env: { INKSTONE_URL: proxy.url } }))).toBe("inkstone: Unavailable (503 unavailable)");
    } finally {
      await proxy.close();
    }
  });
});

describe("piped rows", () => {
  it("have the id alone in the first field: tokens list, chapters list, bible list", async () => {
    const tokens = ok(await run(["tokens", "list"])).trimEnd().split("\n");
    for (const line of tokens) expect(line.split("\t")[0]).toMatch(UUID);
    expect(tokens.some((line) => line.split("\t").includes("in use"))).toBe(true);

    const chapters = ok(await run(["chapters", "list", bookId])).trimEnd().split("\n");
    expect(chapters.map((line) => line.split("\t")[0])).toEqual(chapterIds);
    expect(chapters.map((line) => line.split("\t")[1])).toEqual(["1", "2"]);

    ok(await run(["bible", "add", bookId, "Mara"]));
    const [entry] = ok(await run(["bible", "list", bookId])).trimEnd().split("\n");
    expect(entry!.split("\t")[0]).toMatch(UUID);
    expect(entry!.split("\t")[1]).toBe("Mara");
  });
});

describe("a table at 60 columns", () => {
  it("keeps each UUID on one line, leaving out the columns that do not fit and naming them", async () => {
    for (const args of [["books", "list"], ["chapters", "list", bookId], ["tokens", "list"]]) {
      const shown = await inkstoneOnTerminal(home, args, [], { columns: 60, env: { NO_COLOR: "1" } });
      expect(shown.code, shown.transcript).toBe(0);
      const lines = stripEscapes(shown.transcript).split(/\r?\n/);
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(60);
      const ids = lines.flatMap((line) => line.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? []);
      expect(ids.length, shown.transcript).toBeGreaterThan(0);
      expect(shown.transcript).toMatch(/left out at this width: \S/);
    }
  });
});

describe("--json fields and --jq", () => {
  it("prints only the fields named: of each item for a list (an array, as gh does), of the record for one", async () => {
    const books = json(await run(["books", "list", "--sort", "title", "--json", "id,title"]));
    expect(Array.isArray(books)).toBe(true);
    for (const book of books) expect(Object.keys(book)).toEqual(["id", "title"]);
    expect(json(await run(["books", "show", bookId, "--json", "title,status"]))).toEqual({ title: "The Lantern Keeper's Long and Winding Account", status: "drafting" });
    expect(json(await run(["chapters", "show", bookId, chapterIds[0]!, "--json=position,title"]))).toEqual({ position: 1, title: "Landfall" });
    // --json alone is the whole answer still, wherever it stands.
    expect(json(await run(["books", "list", "--json"]))).toMatchObject({ page: 1, items: expect.any(Array) });
    expect(json(await run(["--json", "books", "list"]))).toMatchObject({ page: 1, items: expect.any(Array) });
  });

  it("refuses a field the command does not have before it sends anything, naming those it has", async () => {
    const proxy = await startProxy(inject("baseUrl"));
    try {
      expect(fails(await inkstone(home, ["books", "list", "--json", "id,titel"], { env: { INKSTONE_URL: proxy.url } }))).toMatch(
        /^inkstone: unknown JSON field "titel"; list has id, .*title, .*wordCount/,
      );
      expect(proxy.seen).toEqual([]);
    } finally {
      await proxy.close();
    }
    expect(ok(await run(["books", "list", "--help"]))).toMatch(/JSON fields \(--json id,title\):\n {2}id, ownerId, title, /);
  });

  it("filters through jq, printing strings raw, and says what is wrong with an expression in one line", async () => {
    expect(ok(await run(["chapters", "list", bookId, "--jq", ".items[].title"]))).toBe("Landfall\nThe Climb\n");
    expect(ok(await run(["chapters", "list", bookId, "--json", "id", "-q", ".[0].id"]))).toBe(`${chapterIds[0]}\n`);
    expect(json(await run(["books", "show", bookId, "--jq", "{t: .title, n: .chapterCount}"]))).toEqual({ t: "The Lantern Keeper's Long and Winding Account", n: 2 });
    expect(fails(await run(["books", "list", "--jq", ".items["]))).toMatch(/^inkstone: --jq: syntax error, /);
    expect(fails(await run(["books", "show", bookId, "--jq", ".title.x"]))).toBe('inkstone: --jq: Cannot index string with string ("x")');
  });
});

describe("inkstone api", () => {
  it("GETs a path under /api/v1 with the stored login and prints the envelope; --jq filters it", async () => {
    const answer = json(await run(["api", "books"]));
    expect(answer).toMatchObject({ code: 200, msg: "ok", data: expect.any(Array) });
    expect(answer.data.map((b: { id: string }) => b.id)).toContain(bookId);
    expect(ok(await run(["api", `/books/${bookId}`, "--jq", ".data.title"]))).toBe("The Lantern Keeper's Long and Winding Account\n");
    expect(ok(await run(["api", `/api/v1/books/${bookId}/chapters`, "-q", ".data[].title"]))).toBe("Landfall\nThe Climb\n");
    // -X GET puts fields in the query string.
    expect(ok(await run(["api", "books", "-X", "GET", "-f", "per_page=1", "--jq", ".data | length"]))).toBe("1\n");
  });

  it("sends fields as a JSON body: -f strings, -F typed (numbers, null, true/false, @file), key[] lists", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-api-"));
    const description = path.join(folder, "description.txt");
    writeFileSync(description, "A keeper, a lamp, a storm.");
    const created = json(await run(["api", "books", "-f", "title=Made by api", "-F", "targetWordCount=50000", "-F", `description=@${description}`]));
    expect(created).toMatchObject({ code: 201, data: { title: "Made by api", targetWordCount: 50000, description: "A keeper, a lamp, a storm." } });
    const id = created.data.id as string;
    expect(json(await run(["api", "-X", "PATCH", `books/${id}`, "-F", "targetWordCount=null"])).data.targetWordCount).toBeNull();

    const series = json(await run(["api", "series", "-f", "title=Lamps", "-f", `bookIds[]=${id}`, "-f", `bookIds[]=${bookId}`]));
    expect(series.data.books.map((b: { id: string }) => b.id)).toEqual([id, bookId]);

    const body = path.join(folder, "patch.json");
    writeFileSync(body, JSON.stringify({ status: "revising" }));
    expect(json(await run(["api", "-X", "PATCH", `books/${id}`, "--input", body])).data.status).toBe("revising");
    expect(json(await run(["api", "-X", "PATCH", `books/${id}`, "--input", "-"], JSON.stringify({ status: "finished" }))).data.status).toBe("finished");
  });

  it("sends headers, prints the status line and headers with --include, and on a refusal prints the body and exits 1", async () => {
    const stale = await run(["api", "-X", "PATCH", `books/${bookId}`, "-H", 'If-Match: "stale"', "-f", "title=Overwritten"]);
    expect(stale.code).toBe(1);
    expect(JSON.parse(stale.stdout)).toMatchObject({ code: expect.any(Number), error: "precondition_failed" });
    expect(stale.stderr).toMatch(/^inkstone: .* \(HTTP 412\)\n$/);
    expect(json(await run(["books", "show", bookId, "--json", "title"])).title).toBe("The Lantern Keeper's Long and Winding Account");

    const included = ok(await run(["api", "books", "--include"]));
    expect(included).toMatch(/^HTTP\/1\.1 200 OK\n/);
    expect(included).toMatch(/^x-total-count: \d+$/m);
    expect(included).toMatch(/^ratelimit-limit: \d+$/m);

    expect(fails(await run(["api", "https://elsewhere.example/api/v1/books"]))).toMatch(/^inkstone: inkstone api sends your token only to http:\/\/127\.0\.0\.1:\d+, not to https:\/\/elsewhere\.example$/);
    expect(fails(await run(["api", "books", "-f", "novalue"]))).toBe('inkstone: -f takes key=value, not "novalue"');
  });

  it("follows every page with --paginate, joining the pages' data into one list", async () => {
    for (const title of ["Paged One", "Paged Two"]) ok(await run(["books", "create", "--title", title]));
    const total = json(await run(["books", "list", "--json"])).total as number;
    expect(total).toBeGreaterThanOrEqual(3);
    const proxy = await startProxy(inject("baseUrl"));
    try {
      const all = json(await inkstone(home, ["api", "books?per_page=1&sortby=title", "--paginate"], { env: { INKSTONE_URL: proxy.url } }));
      expect(all).toMatchObject({ code: 200, msg: "ok" });
      expect(all.data).toHaveLength(total);
      expect(proxy.seen.filter((line) => line.startsWith("GET /api/v1/books"))).toHaveLength(total);
    } finally {
      await proxy.close();
    }
    expect(ok(await run(["api", "books", "-X", "GET", "-F", "per_page=2", "--paginate", "--jq", ".data | length"]))).toBe(`${total}\n`);
  });
});

describe("chapters edit, delete and restore", () => {
  it("saves a file, standard input, a new title, or what $EDITOR made of the text; a stale --base-version changes nothing", async () => {
    const [, climb] = chapterIds;
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-edit-"));
    const draft = path.join(folder, "climb.md");
    writeFileSync(draft, "Mara climbed the tower, slowly.\n");
    expect(ok(await run(["chapters", "edit", bookId, climb!, draft]))).toMatch(/^Saved chapter 2, "The Climb" \(\S+\): version 2, 5 words\.\n$/);
    expect(ok(await run(["chapters", "show", bookId, climb!, "--content"]))).toBe("Mara climbed the tower, slowly.\n");

    expect(fails(await run(["chapters", "edit", bookId, climb!, draft, "--base-version", "1"]))).toMatch(/^inkstone: .*\(409 version_conflict\)$/);
    expect(json(await run(["chapters", "edit", bookId, climb!, "-", "--json"], "Mara ran up the tower.\n"))).toMatchObject({ version: 3, wordCount: 5 });
    expect(json(await run(["chapters", "edit", bookId, climb!, "--title", "The Ascent", "--json"]))).toMatchObject({ title: "The Ascent", version: 4 });

    const edited = await inkstone(home, ["chapters", "edit", bookId, climb!, "--json"], { env: { EDITOR: "sed -i s/ran/flew/" } });
    expect(json(edited)).toMatchObject({ version: 5 });
    expect(ok(await run(["chapters", "show", bookId, climb!, "--content"]))).toBe("Mara flew up the tower.\n");
    expect(ok(await inkstone(home, ["chapters", "edit", bookId, climb!], { env: { EDITOR: "true" } }))).toBe("No change; nothing saved.\n");
  });

  it("moves a chapter to the trash and back, and deletes one for good only with --yes", async () => {
    const doomed = json(await run(["chapters", "upload", bookId, "--json"], "# Doomed\n\nA short one.\n")).id as string;
    expect(ok(await run(["chapters", "delete", bookId, doomed]))).toContain("Moved");
    expect(json(await run(["chapters", "list", bookId, "--deleted", "--json", "id"]))).toEqual([{ id: doomed }]);
    expect(json(await run(["chapters", "restore", bookId, doomed, "--json"]))).toMatchObject({ id: doomed, title: "Doomed" });
    expect(fails(await run(["chapters", "delete", bookId, doomed, "--permanent"]))).toBe("inkstone: --permanent deletes the chapter and its history for good: add --yes to confirm");
    ok(await run(["chapters", "delete", bookId, doomed, "--permanent", "--yes"]));
    expect(json(await run(["chapters", "list", bookId, "--deleted", "--json", "id"]))).toEqual([]);
    expect(json(await run(["chapters", "list", bookId, "--json", "id"]))).toEqual(chapterIds.map((id) => ({ id })));
  });
});

describe("bible relations", () => {
  it("relates entries by name, lists them with the id first, relabels and removes them", async () => {
    ok(await run(["bible", "add", bookId, "Odile", "--alias", "the pilot"]));
    ok(await run(["bible", "add", bookId, "Perrin"]));
    expect(ok(await run(["bible", "relations", "add", bookId, "the pilot", "sister of", "Perrin"]))).toMatch(/^Odile is sister of Perrin \(\S+\)\n$/);
    const [row] = ok(await run(["bible", "relations", "list", bookId])).trimEnd().split("\n");
    const [id, ...rest] = row!.split("\t");
    expect(id).toMatch(UUID);
    expect(rest).toEqual(["Odile", "sister of", "Perrin"]);
    expect(json(await run(["bible", "relations", "label", bookId, id!, "twin of", "--json"]))).toMatchObject({ id, label: "twin of" });
    ok(await run(["bible", "relations", "remove", bookId, id!]));
    expect(json(await run(["bible", "relations", "list", bookId, "--json"]))).toEqual([]);
    expect(fails(await run(["bible", "relations", "add", bookId, "Nobody", "knows", "Perrin"]))).toBe(`inkstone: no entry of this book is called "Nobody": see inkstone bible list ${bookId}`);
  });
});

describe("series", () => {
  it("creates a series of books, lists, shows, updates and deletes it", async () => {
    const other = json(await run(["books", "create", "--title", "The Lantern Keeper Returns", "--json"])).id as string;
    const created = json(await run(["series", "create", "--title", "Lanterns", "--books", `${bookId},${other}`, "--json"]));
    expect(created.books.map((b: { id: string }) => b.id)).toEqual([bookId, other]);
    const rows = ok(await run(["series", "list"])).trimEnd().split("\n");
    expect(rows.map((line) => line.split("\t")[0])).toContain(created.id);
    expect(ok(await run(["series", "show", created.id]))).toContain("2. The Lantern Keeper Returns");
    expect(json(await run(["series", "update", created.id, "--title", "The Lanterns", "--books", other, "--json"]))).toMatchObject({ title: "The Lanterns", books: [{ id: other }] });
    ok(await run(["series", "delete", created.id]));
    expect(fails(await run(["series", "show", created.id]))).toMatch(/\(404 not_found\)$/);
  });
});

describe("release plans", () => {
  it("sets a cadence and start day, keeps what is not given, and marks a chapter released", async () => {
    const plan = json(await run(["releases", "plan", bookId, "--cadence", "weekly", "--start", "2030-01-07", "--buffer", "3", "--json"]));
    expect(plan).toMatchObject({ cadence: "weekly", startDate: "2030-01-07", minimumBufferDays: 3 });
    expect(plan.chapters.map((c: { releaseDate: string }) => c.releaseDate)).toEqual(["2030-01-07", "2030-01-14"]);
    expect(json(await run(["releases", "plan", bookId, "--cadence", "daily", "--json"]))).toMatchObject({ cadence: "daily", startDate: "2030-01-07", minimumBufferDays: 3 });
    const released = json(await run(["releases", "chapter", bookId, chapterIds[0]!, "--released", "--json"]));
    expect(released.chapters[0].releasedAt).not.toBeNull();
    const table = ok(await run(["releases", "show", bookId]));
    expect(table).toContain("daily");
    expect(table).toContain(`${chapterIds[1]}\t2\t`);
    expect(fails(await run(["releases", "chapter", bookId, chapterIds[0]!]))).toBe("inkstone: name something to set: --date, --time, --released or --not-released");
  });

  it("plans two chapters a day at release times and shows the buffer in days and chapters (issue 32 item 7)", async () => {
    const plan = json(await run(["releases", "plan", bookId, "--cadence", "daily", "--start", "2030-02-01", "--times", "08:00,20:00", "--buffer", "2", "--json"]));
    expect(plan).toMatchObject({ releasesPerDay: 2, releaseTimes: ["08:00", "20:00"], minimumBufferDays: 2, minimumBufferChapters: 4 });
    // The first chapter is released; the second takes the first slot.
    expect(plan.chapters[1]).toMatchObject({ releaseDate: "2030-02-01", releaseTime: "08:00" });
    // What is not given stays: the times and the count.
    expect(json(await run(["releases", "plan", bookId, "--buffer", "1", "--json"]))).toMatchObject({ releasesPerDay: 2, releaseTimes: ["08:00", "20:00"], minimumBufferDays: 1 });
    const table = ok(await run(["releases", "show", bookId]));
    expect(table).toContain("daily, 2 chapters a release day at 08:00, 20:00");
    expect(table).toContain("2030-02-01 08:00");
    // The released chapter is dated 2030: no release day before today yet.
    expect(table).toMatch(/streak\s+0 release days in a row \(longest 0\)/);
    expect(json(await run(["releases", "chapter", bookId, chapterIds[1]!, "--time", "21:30", "--json"])).chapters[1]).toMatchObject({ releaseTime: "21:30" });
    expect(fails(await run(["releases", "plan", bookId, "--times", "20:00,08:00"]))).toContain("earliest first");
    expect(json(await run(["releases", "plan", bookId, "--per-day", "1", "--json"]))).toMatchObject({ releasesPerDay: 1, releaseTimes: [] });
  });
});

describe("jobs", () => {
  it("lists a queued export, waits for it, shows it and downloads its file", async () => {
    const queued = json(await run(["api", `books/${bookId}/export?format=md&async=1`]));
    expect(queued.code).toBe(202);
    const jobId = queued.data.id as string;
    const rows = ok(await run(["jobs", "list"])).trimEnd().split("\n");
    expect(rows.map((line) => line.split("\t")[0])).toContain(jobId);
    expect(json(await run(["jobs", "wait", jobId, "--json"]))).toMatchObject({ id: jobId, status: "succeeded" });
    expect(json(await run(["jobs", "show", jobId, "--json", "status,kind"]))).toEqual({ status: "succeeded", kind: "convert.export" });
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-jobs-"));
    const out = path.join(folder, "book.md");
    expect(ok(await run(["jobs", "download", jobId, "-o", out]))).toMatch(/^Wrote .*book\.md \(\d+ bytes\)\.\n$/);
    expect(ok(await run(["jobs", "download", jobId, "-o", "-"]))).toContain("Landfall");
    expect(json(await run(["jobs", "list", "--status", "succeeded", "--json", "id"]))).toContainEqual({ id: jobId });
  });
});

describe("an inline export", () => {
  it("shows on stderr that it is exporting while the server works, when stderr is a terminal, and nothing when piped", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-export-"));
    const out = path.join(folder, "book.docx");
    const shown = await inkstoneOnTerminal(home, ["export", bookId, "--format", "docx", "-o", out], [], { env: { NO_COLOR: "1" } });
    expect(shown.code, shown.transcript).toBe(0);
    expect(stripEscapes(shown.transcript)).toMatch(/exporting as docx…/);
    expect(shown.transcript).toContain(`Wrote ${out}`);
    const piped = await run(["export", bookId, "--format", "docx", "-o", out]);
    expect(ok(piped)).toBe(`Wrote ${out} (${piped.stdout.match(/\((\d+) bytes\)/)![1]} bytes).\n`);
    expect(piped.stderr).toBe("");
  });
});

describe("PowerShell completion", () => {
  interface PowerShellNode {
    subcommands: { name: string; description: string }[];
    flags: { name: string; description: string; value: boolean; choices: string[] }[];
    choices: string[];
  }

  it("registers a native completer over the same command tree as bash's, zsh's and fish's", async () => {
    const script = ok(await inkstone(home, ["completion", "powershell"]));
    expect(script).toMatch(/^Register-ArgumentCompleter -Native -CommandName inkstone -ScriptBlock \{$/m);
    expect(script).toMatch(/^# {3}inkstone completion powershell \| Out-String \| Invoke-Expression$/m);
    // PowerShell is not installable here (no Debian or npm package); the tree it reads is checked instead.
    const tree = JSON.parse(script.split("ConvertFrom-Json @'\n")[1]!.split("\n'@\n")[0]!) as Record<string, PowerShellNode>;
    const bash = ok(await inkstone(home, ["completion", "bash"]));
    const names = (node: PowerShellNode | undefined) => node?.subcommands.map((s) => s.name);
    expect(names(tree.inkstone)).toEqual(bash.match(/^ {4}''\)\n {6}subcommands='([^']*)'/m)![1]!.split(" "));
    expect(names(tree["inkstone books"])).toEqual(["list", "show", "create", "update", "delete", "cover", "preview"]);
    expect(names(tree["inkstone bible relations"])).toEqual(["list", "add", "label", "remove"]);
    expect(tree["inkstone books list"]!.flags.find((f) => f.name === "--status")).toMatchObject({ value: true, choices: ["planning", "drafting", "revising", "finished"] });
    expect(tree["inkstone api"]!.flags.map((f) => f.name)).toEqual(expect.arrayContaining(["-X", "--method", "-F", "--field", "--paginate", "--jq", "--json"]));
    expect(tree["inkstone completion"]!.choices).toEqual(["bash", "zsh", "fish", "powershell"]);
    for (const node of Object.values(tree)) for (const item of [...node.subcommands, ...node.flags]) expect(item.description).not.toBe("");
  });
});
