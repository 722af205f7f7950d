// Issue 36 item 3 (decision 0496): `inkstone suggestions`, as a child process against the running server.
import { describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

describe("inkstone suggestions", () => {
  it("an editor suggests by quote, the owner sees the difference, accepts one and rejects the rest; stale and refused input say why", async () => {
    const [owner, editor] = await Promise.all([loggedIn("cli-suggest-owner"), loggedIn("cli-suggest-editor")]);
    const book = json(await inkstone(owner.home, ["books", "create", "--title", "Suggested", "--json"]));
    const chapter = json(await inkstone(owner.home, ["chapters", "upload", book.id, "--title", "One", "--json"], { input: "The rain fell. The rain fell again on the roof.\n" }));
    json(await inkstone(owner.home, ["members", "add", book.id, editor.email, "--role", "editor", "--json"]));

    const first = json(await inkstone(editor.home, ["suggestions", "add", book.id, chapter.id, "drummed", "--quote", "fell again", "--json"]));
    expect(first).toMatchObject({ quote: "fell again", replacement: "drummed", start: 24, end: 34, state: "open" });
    const second = json(await inkstone(editor.home, ["suggestions", "add", book.id, chapter.id, "", "--quote", " on the roof", "--json"]));
    expect(ok(await inkstone(owner.home, ["suggestions", "show", book.id, first.id]))).toMatch(/open, at 24–34\n {2}- “fell again”\n {2}\+ “drummed”\n {2}suggested by cli-suggest-editor/);
    expect(json(await inkstone(owner.home, ["suggestions", "list", book.id, "--json"])).items).toHaveLength(2);

    expect(fails(await inkstone(editor.home, ["suggestions", "accept", book.id, first.id]))).toMatch(/403 forbidden/);
    expect(ok(await inkstone(owner.home, ["suggestions", "accept", book.id, first.id]))).toMatch(/accepted by cli-suggest-owner \(version 2\)/);
    expect(ok(await inkstone(owner.home, ["chapters", "show", book.id, chapter.id]))).toContain("The rain fell. The rain drummed on the roof.");
    expect(ok(await inkstone(owner.home, ["suggestions", "reject-all", book.id, chapter.id]))).toBe("1 rejected; the chapter is at version 2.\n");
    expect(json(await inkstone(owner.home, ["suggestions", "list", book.id, "--state", "rejected", "--json"])).items.map((s: { id: string }) => s.id)).toEqual([second.id]);

    // Two on the same words: accept-all takes the older; the newer's words are gone, so it is refused with 409.
    json(await inkstone(editor.home, ["suggestions", "add", book.id, chapter.id, "downpour", "--quote", "rain drummed", "--json"]));
    const newer = json(await inkstone(owner.home, ["suggestions", "add", book.id, chapter.id, "hammered", "--quote", "drummed", "--json"]));
    expect(ok(await inkstone(owner.home, ["suggestions", "accept-all", book.id, chapter.id]))).toMatch(/^1 accepted; the chapter is at version 3\.\n1 left open .*: /);
    expect(fails(await inkstone(owner.home, ["suggestions", "accept", book.id, newer.id]))).toMatch(/409 suggestion_stale/);
    expect(ok(await inkstone(owner.home, ["chapters", "show", book.id, chapter.id]))).toContain("The rain fell. The downpour on the roof.");
    expect(fails(await inkstone(editor.home, ["suggestions", "add", book.id, chapter.id, "x", "--quote", "snow"]))).toMatch(/invalid input: quote: is not in the chapter.s text/);
  });
});
