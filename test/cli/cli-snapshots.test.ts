// Issue 36 item 4 (decision 0489): `inkstone snapshots` as a child process: the owner freezes a
// book under a name, lists and shows it, compares it with today and with another snapshot, shows
// one chapter's changes, restores a chapter from it and deletes it; refusals are one line each.
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

let owner: { home: string; email: string };

beforeAll(async () => {
  owner = await loggedIn("snapshots-owner");
});

describe("inkstone snapshots", () => {
  it("creates, lists, shows, compares, restores and deletes, naming a snapshot by id or name", async () => {
    const book = json(await inkstone(owner.home, ["books", "create", "--title", "The Heron", "--json"]));
    const chapter = json(await inkstone(owner.home, ["api", `/api/v1/books/${book.id}/chapters`, "-X", "POST", "-f", "title=One", "-f", "content=A heron stood still in the reeds, waiting for the fish."])).data;
    const made = ok(await inkstone(owner.home, ["snapshots", "create", book.id, "Draft 1", "--note", "for the readers"]));
    expect(made).toMatch(/^Snapshot "Draft 1" \([\w-]+\): 1 chapters, 11 words\.\n$/);

    const listed = json(await inkstone(owner.home, ["snapshots", "list", book.id, "--json", "id,name,note,chapterCount"]));
    expect(listed).toEqual([{ id: expect.any(String), name: "Draft 1", note: "for the readers", chapterCount: 1 }]);
    const draftId = listed[0].id;
    expect(ok(await inkstone(owner.home, ["snapshots", "show", book.id, "draft 1"]))).toMatch(/Draft 1 — for the readers\n[\s\S]*One/);

    const later = "A heron stood very still in the reeds, waiting for the fish.";
    json(await inkstone(owner.home, ["api", `/api/v1/books/${book.id}/chapters/${chapter.id}`, "-X", "PATCH", "-F", "version=1", "-f", `content=${later}`]));
    const compared = ok(await inkstone(owner.home, ["snapshots", "compare", book.id, "Draft 1"]));
    expect(compared).toContain("Draft 1 → Today: 1 changed, 0 added, 0 removed, 0 unchanged; 11 → 12 words");
    expect(compared).toMatch(/One\s+changed\s+11 → 12/);
    expect(ok(await inkstone(owner.home, ["snapshots", "compare", book.id, draftId, "--chapter", chapter.id]))).toBe(
      "A heron stood {+very +}still in the reeds, waiting for the fish.\n",
    );

    ok(await inkstone(owner.home, ["snapshots", "create", book.id, "Draft 2"]));
    const between = json(await inkstone(owner.home, ["snapshots", "compare", book.id, "Draft 1", "--with", "Draft 2", "--json", "to,totals"]));
    expect(between).toMatchObject({ to: { name: "Draft 2" }, totals: { changed: 1 } });
    expect(ok(await inkstone(owner.home, ["snapshots", "show", book.id, "Draft 1", "--chapter", chapter.id]))).toBe(
      "A heron stood still in the reeds, waiting for the fish.\n",
    );

    expect(ok(await inkstone(owner.home, ["snapshots", "restore", book.id, "Draft 1", chapter.id]))).toBe('Restored "One" from "Draft 1" as version 3.\n');
    const restored = json(await inkstone(owner.home, ["chapters", "show", book.id, chapter.id, "--json", "content,version"]));
    expect(restored).toEqual({ content: "A heron stood still in the reeds, waiting for the fish.", version: 3 });

    expect(ok(await inkstone(owner.home, ["snapshots", "delete", book.id, "Draft 1"]))).toBe('Deleted "Draft 1".\n');
    expect(json(await inkstone(owner.home, ["snapshots", "list", book.id, "--json", "name"]))).toEqual([{ name: "Draft 2" }]);
  });

  it("freezes one part with --part, and says so", async () => {
    const book = json(await inkstone(owner.home, ["books", "create", "--title", "Two Volumes", "--json"]));
    const first = json(await inkstone(owner.home, ["api", `/api/v1/books/${book.id}/chapters`, "-X", "POST", "-f", "title=One", "-f", "content=The river rose."])).data;
    json(await inkstone(owner.home, ["api", `/api/v1/books/${book.id}/chapters`, "-X", "POST", "-f", "title=Two", "-f", "content=The river fell."]));
    const part = json(await inkstone(owner.home, ["parts", "add", book.id, "Volume One", "--json"]));
    ok(await inkstone(owner.home, ["parts", "move", book.id, first.id, "Volume One"]));
    expect(ok(await inkstone(owner.home, ["snapshots", "create", book.id, "Volume One, draft", "--part", part.id]))).toMatch(/^Snapshot "Volume One, draft" of the part "Volume One" \([\w-]+\): 1 chapters, 3 words\.\n$/);
    expect(json(await inkstone(owner.home, ["snapshots", "list", book.id, "--json", "name,part"]))).toEqual([{ name: "Volume One, draft", part: { id: part.id, title: "Volume One" } }]);
  });

  it("refuses a taken name, an unknown snapshot, a chapter the snapshot does not hold and a bad --base-version in one line", async () => {
    const book = json(await inkstone(owner.home, ["books", "create", "--title", "Refusals", "--json"]));
    ok(await inkstone(owner.home, ["snapshots", "create", book.id, "Draft"]));
    expect(fails(await inkstone(owner.home, ["snapshots", "create", book.id, "DRAFT"]))).toBe('inkstone: This book has a snapshot named "Draft" already. (409 name_taken)');
    expect(fails(await inkstone(owner.home, ["snapshots", "create", book.id, "   "]))).toMatch(/^inkstone: .*name.*/);
    expect(fails(await inkstone(owner.home, ["snapshots", "show", book.id, "Nope"]))).toBe(`inkstone: This book has no snapshot "Nope"; inkstone snapshots list ${book.id} shows its snapshots`);
    expect(fails(await inkstone(owner.home, ["snapshots", "restore", book.id, "Draft", "no-such-chapter"]))).toBe("inkstone: This book has no chapter with this id. (404 not_found)");
    expect(fails(await inkstone(owner.home, ["snapshots", "restore", book.id, "Draft", "x", "--base-version", "0"]))).toBe("inkstone: --base-version must be a whole number from 1");
  });
});
