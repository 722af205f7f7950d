import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

// Issue 19 item 14: the book's cover from the terminal, and `inkstone export --no-cover`.

const COVER = path.resolve("test/fixtures/covers/the-long-tide.jpg");
let home: string;
const run = (args: string[], input?: string) => inkstone(home, args, { input });

beforeAll(async () => {
  ({ home } = await loggedIn("book-cover"));
});

describe("inkstone books cover set|get|remove", () => {
  it("sets a cover the EPUB carries, downloads it, leaves it out with --no-cover, and removes it", async () => {
    const bookId = json(await run(["books", "create", "--title", "The Long Tide", "--json"])).id as string;
    ok(await run(["chapters", "upload", bookId, "--title", "Harbour"], "It began at the harbour.\n"));
    expect(ok(await run(["books", "cover", "set", bookId, COVER]))).toBe(
      `"The Long Tide" has a cover now (image/jpeg, ${readFileSync(COVER).byteLength} bytes, 320 × 512 pixels); its EPUB export carries it.\n` +
        "  warning: The cover is 320 × 512 pixels: e-book stores refuse a cover whose short side is under 1,000 pixels. Use one of 1,600 × 2,560.\n",
    );
    expect(json(await run(["books", "show", bookId, "--json"])).cover).toMatchObject({ mediaType: "image/jpeg" });

    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-cover-"));
    const copy = path.join(folder, "cover.jpg");
    ok(await run(["books", "cover", "get", bookId, "-o", copy]));
    expect(readFileSync(copy).equals(readFileSync(COVER))).toBe(true);

    const epub = path.join(folder, "tide.epub");
    ok(await run(["export", bookId, "--format", "epub", "-o", epub]));
    expect(Object.keys(unzipSync(readFileSync(epub)))).toContain("OEBPS/cover.jpg");
    ok(await run(["export", bookId, "--format", "epub", "--no-cover", "-o", epub]));
    expect(Object.keys(unzipSync(readFileSync(epub))).filter((name) => name.includes("cover"))).toEqual([]);

    // What is not a JPEG, PNG or GIF is refused with the server's sentence; a missing file in one line.
    expect(fails(await run(["books", "cover", "set", bookId, path.resolve("test/fixtures/covers/tiny.webp")]))).toBe(
      "inkstone: A cover is a JPEG, PNG or GIF image; this is a WebP image. (415 unsupported_media_type)",
    );
    expect(fails(await run(["books", "cover", "set", bookId, path.join(folder, "none.jpg")]))).toMatch(/^inkstone: cannot read .*none\.jpg/);

    expect(ok(await run(["books", "cover", "remove", bookId]))).toBe(`Removed the cover of ${bookId}.\n`);
    expect(fails(await run(["books", "cover", "get", bookId, "-o", copy]))).toBe("inkstone: This book has no cover. (404 not_found)");
  });
});
