// Issue 36 item 5 (decision 0497): `inkstone readers` as a child process: the owner shares a
// snapshot with the book's readers, a beta reader reads and reacts (through `inkstone api`), and the
// owner sees progress, stops and reactions, readers numbered until names are shown.
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

let owner: { home: string; email: string };
let reader: { home: string; email: string };

beforeAll(async () => {
  owner = await loggedIn("readers-owner");
  reader = await loggedIn("readers-ann");
});

describe("inkstone readers", () => {
  it("shares a snapshot and shows progress, stops and reactions per chapter", async () => {
    const book = json(await inkstone(owner.home, ["books", "create", "--title", "The Heron", "--json"]));
    const chapter = json(await inkstone(owner.home, ["api", `/api/v1/books/${book.id}/chapters`, "-X", "POST", "-f", "title=One", "-f", "content=A heron stood still.\n\nThe reeds moved.\n\nNight came."])).data;
    json(await inkstone(owner.home, ["api", `/api/v1/books/${book.id}/chapters/${chapter.id}/release`, "-X", "PATCH", "-F", "released=true"]));
    ok(await inkstone(owner.home, ["snapshots", "create", book.id, "Draft 1"]));
    ok(await inkstone(owner.home, ["members", "add", book.id, reader.email, "--role", "beta_reader"]));
    expect(ok(await inkstone(owner.home, ["readers", "share", book.id, "draft 1"]))).toBe('Readers read "Draft 1"; your view shows them numbered.\n');

    const base = `/api/v1/books/${book.id}/reading/chapters/${chapter.id}`;
    json(await inkstone(reader.home, ["api", `${base}/place`, "-X", "PUT", "-F", "paragraph=1"]));
    json(await inkstone(reader.home, ["api", `${base}/reactions`, "-X", "POST", "-F", "paragraph=1", "-f", "reaction=😮"]));
    json(await inkstone(reader.home, ["api", `${base}/comments`, "-X", "POST", "-F", "paragraph=2", "-f", "body=Too dark, too soon."]));

    const progress = ok(await inkstone(owner.home, ["readers", "progress", book.id]));
    expect(progress).toMatch(/One\s+1\s+0\s+Reader 1: ¶2/);
    expect(ok(await inkstone(owner.home, ["readers", "reactions", book.id]))).toMatch(/One\s+2\s+😮 1\s+The reeds moved\./);
    expect(ok(await inkstone(owner.home, ["readers", "stops", book.id]))).toMatch(/Reader 1\s+One\s+2\s+The reeds moved\./);
    expect(ok(await inkstone(owner.home, ["readers", "comments", book.id]))).toMatch(/Reader 1\s+One\s+3\s+Too dark, too soon\.\s+Night came\./);
    expect(json(await inkstone(owner.home, ["readers", "progress", book.id, "--json", "readers"]))).toEqual({ readers: [{ label: "Reader 1" }] });

    ok(await inkstone(owner.home, ["readers", "share", book.id, "Draft 1", "--names"]));
    expect(ok(await inkstone(owner.home, ["readers", "stops", book.id]))).toMatch(/readers-ann\s+One/);
  });

  it("refuses in one line: a reader asking for the owner's view, an unknown snapshot, no snapshot named", async () => {
    const book = json(await inkstone(owner.home, ["books", "create", "--title", "Refusals", "--json"]));
    ok(await inkstone(owner.home, ["members", "add", book.id, reader.email, "--role", "beta_reader"]));
    expect(fails(await inkstone(reader.home, ["readers", "progress", book.id]))).toMatch(/^inkstone: As this book's beta reader you may not .*\(403 forbidden\)$/);
    expect(fails(await inkstone(owner.home, ["readers", "share", book.id, "Nope"]))).toBe(`inkstone: This book has no snapshot "Nope"; inkstone snapshots list ${book.id} shows its snapshots`);
    expect(fails(await inkstone(owner.home, ["readers", "share", book.id]))).toBe("inkstone: name the snapshot to share, or --none to share none");
    expect(ok(await inkstone(owner.home, ["readers", "progress", book.id]))).toBe("No snapshot is shared with readers; inkstone readers share <bookId> <snapshot>.\n");
  });
});
