// Issue 36 item 2 (decision 0492): `inkstone comments`, as a child process against the running server.
import { describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

describe("inkstone comments", () => {
  it("an editor comments on words by quote, the owner replies and resolves, the list follows; bad input is refused before or by the server", async () => {
    const [owner, editor] = await Promise.all([loggedIn("cli-comments-owner"), loggedIn("cli-comments-editor")]);
    const book = json(await inkstone(owner.home, ["books", "create", "--title", "Commented", "--json"]));
    const chapter = json(await inkstone(owner.home, ["chapters", "upload", book.id, "--title", "One", "--json"], { input: "The rain fell. The rain fell again on the roof.\n" }));
    json(await inkstone(owner.home, ["members", "add", book.id, editor.email, "--role", "editor", "--json"]));

    const thread = json(await inkstone(editor.home, ["comments", "add", book.id, chapter.id, "Too much rain?", "--quote", "rain fell again", "--json"]));
    expect(thread).toMatchObject({ quote: "rain fell again", start: 19, end: 34, comments: [{ body: "Too much rain?" }] });
    // The second "The rain fell" is found nearest --at.
    const second = json(await inkstone(editor.home, ["comments", "add", book.id, chapter.id, "Echo", "--quote", "The rain fell", "--at", "15", "--json"]));
    expect(second).toMatchObject({ start: 15, end: 28 });

    expect(ok(await inkstone(owner.home, ["comments", "reply", book.id, thread.id, "It is England."]))).toContain("It is England.");
    json(await inkstone(owner.home, ["comments", "resolve", book.id, thread.id, "--json"]));
    const open = json(await inkstone(owner.home, ["comments", "list", book.id, "--json"])).items;
    expect(open.map((t: { id: string }) => t.id)).toEqual([second.id]);
    const all = json(await inkstone(owner.home, ["comments", "list", book.id, "--state", "all", "--json"])).items;
    expect(all).toHaveLength(2);
    expect(ok(await inkstone(owner.home, ["comments", "show", book.id, thread.id]))).toMatch(/resolved[\s\S]*“rain fell again”[\s\S]*Too much rain\?[\s\S]*It is England\./);

    expect(fails(await inkstone(editor.home, ["comments", "add", book.id, chapter.id, "x", "--quote", "snow"]))).toMatch(/invalid input: quote: is not in the chapter.s text/);
    expect(fails(await inkstone(editor.home, ["comments", "add", book.id, chapter.id, "x", "--quote", "rain", "--at", "-1"]))).toMatch(/--at takes a character offset/);
    expect(fails(await inkstone(owner.home, ["comments", "edit", book.id, thread.id, thread.comments[0].id, "Mine now"]))).toMatch(/403 not_your_comment/);
    expect(ok(await inkstone(owner.home, ["comments", "delete", book.id, second.id]))).toBe("Deleted.\n");
    expect(json(await inkstone(owner.home, ["comments", "list", book.id, "--state", "all", "--json"])).items).toHaveLength(1);
  });
});
