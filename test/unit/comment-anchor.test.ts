// @module-tag shared
import { describe, expect, it } from "vitest";
import { cpuMark, cpuMsSince } from "../support/cpu-time";
import { BUDGET_MS } from "../support/pathological";
import { anchorAt, findQuote, followEdit, followReplacement } from "../../server/comments/anchor";

const text = "It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.";
const quoted = (t: string, quote: string, from = 0) => anchorAt(t, t.indexOf(quote, from), t.indexOf(quote, from) + quote.length);

describe("a comment's anchor follows the text", () => {
  const anchor = quoted(text, "a single man");

  it("stays where it is when the text changes after it", () => {
    const after = text.replace("a wife", "a wife, or so they say");
    expect(followEdit(anchor, text, after)).toMatchObject({ start: anchor.start, quote: "a single man" });
  });

  it("shifts with an edit before it", () => {
    const after = "Chapter 1\n\n" + text;
    const moved = followEdit(anchor, text, after);
    expect(after.slice(moved.start!, moved.end!)).toBe("a single man");
    expect(moved.start).toBe(anchor.start! + 11);
  });

  it("moves past text typed right at its start, and keeps text typed right after its end outside", () => {
    const at = anchor.start!;
    const typedBefore = text.slice(0, at) + "very " + text.slice(at);
    expect(followEdit(anchor, text, typedBefore).quote).toBe("a single man");
    const end = anchor.end!;
    const typedAfter = text.slice(0, end) + " indeed" + text.slice(end);
    expect(followEdit(anchor, text, typedAfter).quote).toBe("a single man");
  });

  it("grows and shrinks with an edit inside the quote", () => {
    const after = text.replace("a single man", "a single young man");
    expect(followEdit(anchor, text, after).quote).toBe("a single young man");
    const shorter = text.replace("a single man", "a man");
    expect(followEdit(anchor, text, shorter).quote).toBe("a man");
  });

  it("keeps what an edit cutting across it left", () => {
    const after = text.replace("single man in possession", "single woman with");
    const followed = followEdit(anchor, text, after);
    expect(followed.quote).toBe("a single ");
    expect(after.slice(followed.start!, followed.end!)).toBe("a single ");
  });

  it("finds its quote again when its paragraph moved", () => {
    const first = "The first paragraph says little.";
    const second = "Mr. Darcy looked at a single man across the room.";
    const before = `${first}\n\n${second}\n\nThe end.`;
    const after = `${second}\n\n${first}\n\nThe end.`;
    const moved = followEdit(quoted(before, "a single man"), before, after);
    expect(moved.start).toBe(after.indexOf("a single man"));
  });

  it("is detached when its words are deleted, keeping its quote, and attaches again when they return", () => {
    const after = text.replace("a single man in possession of a good fortune", "someone");
    const lost = followEdit(anchor, text, after);
    expect(lost).toMatchObject({ start: null, end: null, quote: "a single man" });
    const back = followEdit(lost, after, text);
    expect(back).toMatchObject({ start: anchor.start, quote: "a single man" });
  });

  it("is found again by its quote when the whole chapter is replaced", () => {
    const replaced = "A new opening line.\n\n" + text.toUpperCase() + "\n\nThen a single man walked in.";
    const followed = followEdit(anchor, text, replaced);
    expect(replaced.slice(followed.start!, followed.end!)).toBe("a single man");
  });
});

describe("finding a quote", () => {
  it("chooses the occurrence whose context matches, then the nearest", () => {
    const t = "He said yes. She said no. He said yes again. They said yes.";
    const third = quoted(t, "said yes", t.indexOf("again") - 10);
    expect(findQuote(t, third, 0)?.start).toBe(third.start);
    expect(findQuote(t, { quote: "said yes", prefix: "", suffix: "" }, t.length)?.start).toBe(t.lastIndexOf("said yes"));
  });

  it("looks outward from where the quote was, so the nearest of many occurrences is found", () => {
    const many = "la ".repeat(100_000);
    const found = findQuote(many, { quote: "la", prefix: "", suffix: "" }, 150_001);
    expect(found?.start).toBe(150_000);
  });
});

describe("a book-wide replace", () => {
  it("keeps a comment on a quote it changed, placed by the quote's context", () => {
    const before = "Lizzy smiled at Jane. ".repeat(3) + "Then Lizzy said to her sister that she would go. " + "Lizzy laughed. ".repeat(3);
    const after = before.replaceAll("Lizzy", "Eliza");
    const anchor = quoted(before, "Lizzy said to her");
    const followed = followEdit(anchor, before, after);
    expect(followed.quote).toBe("Eliza said to her");
  });

  it("follows an undo that knows only the restored text", () => {
    const text2 = "One. Two. Three. Four.";
    const anchor = quoted(text2, "Three");
    expect(followReplacement(anchor, "Zero. " + text2).quote).toBe("Three");
    expect(followReplacement(anchor, "One. Two. Four.")).toMatchObject({ start: null, quote: "Three" });
  });
});

describe("hostile text", () => {
  // A quote of a's ending in b, looked for either side of its place in a chapter of a's: a naive
  // backward search (lastIndexOf) compared the whole quote at every position and took seconds.
  it("places or detaches within the pathological budget, whatever the quote and the text hold", () => {
    const text = "a".repeat(2_000_000);
    const cases = [
      { quote: "a".repeat(19_999) + "b", prefix: "", suffix: "" },
      { quote: "b" + "a".repeat(19_999), prefix: "", suffix: "" },
      { quote: "a".repeat(20_000), prefix: "a".repeat(32), suffix: "a".repeat(32) },
    ];
    for (const anchor of cases) {
      const mark = cpuMark();
      const found = findQuote(text, anchor, 1_000_000);
      expect(cpuMsSince(mark), anchor.quote.slice(-3)).toBeLessThan(BUDGET_MS);
      expect(found?.quote ?? null).toBe(anchor.quote.includes("b") ? null : anchor.quote);
    }
    const mark = cpuMark();
    // A detached thread is looked for again on every save of its chapter.
    const detachedThread = { quote: "a".repeat(19_999) + "b", prefix: "a".repeat(32), suffix: "a".repeat(32), start: null, end: null };
    expect(followEdit(detachedThread, text, "a" + text).start).toBeNull();
    expect(cpuMsSince(mark)).toBeLessThan(BUDGET_MS);
  });
});
