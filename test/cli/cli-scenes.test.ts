// Issue 35 item 1 (decision 0499): `inkstone scenes` as a child process — an imported manuscript
// split at its scene breaks, a scene renamed, added, moved to another chapter and deleted; a scene
// the book lacks is one line.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

let writer: { home: string; email: string };

beforeAll(async () => {
  writer = await loggedIn("scenes-writer");
});

const MANUSCRIPT = "# Dawn\n\nThe ship came in.\n\n* * *\n\nThe harbour woke.\n\n# Dusk\n\nLamps were lit.\n";
type Scene = { id: string; chapterId: string; position: number; title: string; wordCount: number };

describe("inkstone scenes", () => {
  it("splits an imported book, lists with words, renames, adds, moves and deletes, each a line or JSON", async () => {
    const file = path.join(writer.home, "harbour.md");
    writeFileSync(file, MANUSCRIPT);
    const imported = json(await inkstone(writer.home, ["import", file, "--json"]));
    const bookId = imported.book.id as string;
    const [dawn, dusk] = imported.chapters as { id: string }[];

    const none = await inkstone(writer.home, ["scenes", "list", bookId]);
    expect(ok(none)).toBe("");
    expect(none.stderr).toMatch(/No scenes/);
    expect(ok(await inkstone(writer.home, ["scenes", "split", bookId]))).toBe("2 scenes in the book.\n");
    const scenes = json<Scene[]>(await inkstone(writer.home, ["scenes", "list", bookId, "--json", "id,chapterId,position,wordCount"]));
    expect(scenes.map((s) => [s.chapterId, s.position, s.wordCount])).toEqual([
      [dawn!.id, 1, 4],
      [dawn!.id, 2, 3],
    ]);
    expect(ok(await inkstone(writer.home, ["scenes", "rename", bookId, scenes[1]!.id, "Harbour"]))).toBe("Scene 2 is now “Harbour”.\n");
    const table = ok(await inkstone(writer.home, ["scenes", bookId, dawn!.id]));
    expect(table).toMatch(/2\s+Harbour\s+3/);

    const added = json<Scene>(await inkstone(writer.home, ["scenes", "add", bookId, dawn!.id, "--title", "Night", "--json"]));
    expect(added).toMatchObject({ title: "Night", position: 3, wordCount: 0 });

    expect(ok(await inkstone(writer.home, ["scenes", "move", bookId, scenes[1]!.id, dusk!.id, "--position", "1"]))).toBe(`Moved “Harbour” to chapter ${dusk!.id}, as scene 1.\n`);
    const chapter = json<{ data: { content: string } }>(await inkstone(writer.home, ["api", `/api/v1/books/${bookId}/chapters/${dusk!.id}`])).data;
    expect(chapter.content).toMatch(/^The harbour woke\.\n\n\* \* \*\n\n/);
    const moved = json<Scene[]>(await inkstone(writer.home, ["scenes", "list", bookId, dusk!.id, "--json", "id,position,title"]));
    expect(moved.map((s) => [s.id, s.position, s.title])).toEqual([
      [scenes[1]!.id, 1, "Harbour"],
      [expect.any(String), 2, ""],
    ]);

    expect(ok(await inkstone(writer.home, ["scenes", "delete", bookId, added.id]))).toBe("Deleted “Night” and its text.\n");
    expect(json<Scene[]>(await inkstone(writer.home, ["scenes", "list", bookId, dawn!.id, "--json", "id"])).map((s) => s.id)).toEqual([scenes[0]!.id]);

    expect(fails(await inkstone(writer.home, ["scenes", "rename", bookId, "no-such-scene", "X"]))).toMatch(/^inkstone: .*no scene with this id/);
  });
});
