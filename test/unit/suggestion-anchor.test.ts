import { describe, expect, it } from "vitest";
import { anchorAt, followExactly, holdsQuote } from "@/server/comments/anchor";
import { applicableTogether } from "@/server/suggestions/decide-chapter";
import type { SuggestionRow } from "@/server/suggestions/decide";
import { BUDGET_MS } from "../support/pathological";
import { cpuMark, cpuMsSince } from "../support/cpu-time";

/** Decision 0496: a suggestion follows the text by the comments' engine, but only word for word. */
const text = "It was a bright cold day in April, and the clocks were striking thirteen.";
const at = (t: string, words: string) => anchorAt(t, t.indexOf(words), t.indexOf(words) + words.length);

describe("a suggestion's place follows the text exactly", () => {
  it("shifts with an edit before it and stays with one after it", () => {
    const anchor = at(text, "bright cold");
    const typedBefore = "Then: " + text;
    expect(followExactly(anchor, text, typedBefore)).toMatchObject({ quote: "bright cold", start: anchor.start! + 6, end: anchor.end! + 6 });
    expect(followExactly(anchor, text, text + " Later.")).toMatchObject({ start: anchor.start, end: anchor.end });
  });

  it("loses its place when its own words are revised (a comment would grow with them), keeping its quote", () => {
    const anchor = at(text, "bright cold");
    const revised = text.replace("bright cold", "bright, bitter cold");
    const followed = followExactly(anchor, text, revised);
    expect(followed).toMatchObject({ quote: "bright cold", prefix: anchor.prefix, suffix: anchor.suffix, start: null, end: null });
    // … and comes back when they do (an undo, a restore).
    expect(followExactly(followed, revised, text)).toMatchObject({ start: anchor.start, end: anchor.end });
  });

  it("is found by its words where a replaced text moved them", () => {
    const anchor = at(text, "the clocks");
    const moved = "A new opening line. " + text.replace("It was", "It was, they said,");
    expect(followExactly(anchor, undefined, moved)).toMatchObject({ start: moved.indexOf("the clocks"), end: moved.indexOf("the clocks") + 10 });
    expect(holdsQuote(moved, followExactly(anchor, text, moved))).toBe(true);
  });

  it("stays within the pathological budget on a long repetitive chapter", () => {
    const long = "a".repeat(200_000);
    const anchor = { ...anchorAt(long, 100_000, 105_000), quote: "a".repeat(4_999) + "b" };
    const mark = cpuMark();
    expect(followExactly(anchor, long, long + "a")).toMatchObject({ start: null });
    expect(cpuMsSince(mark)).toBeLessThan(BUDGET_MS);
  });
});

describe("accept-all takes the suggestions that go in together", () => {
  const row = (id: string, words: string, replacement: string, place = at(text, words)): SuggestionRow => ({
    id,
    chapterId: "c",
    authorId: "u",
    quote: place.quote,
    prefix: place.prefix,
    suffix: place.suffix,
    anchorStart: place.start,
    anchorEnd: place.end,
    replacement,
    state: "open",
  });

  it("oldest first, leaving open what overlaps an earlier one or is not in the text", () => {
    const { chosen, left } = applicableTogether(text, [
      row("a", "bright cold", "cold bright"),
      row("b", "cold day", "warm day"),
      row("c", "thirteen", "twelve"),
      row("d", "gone words", "x", { quote: "gone words", prefix: "", suffix: "", start: null, end: null }),
    ]);
    expect(chosen.map((c) => c.suggestion.id)).toEqual(["a", "c"]);
    expect(left.map((s) => s.id)).toEqual(["b", "d"]);
  });

  it("re-anchors a suggestion whose stored place no longer holds its words", () => {
    const shifted = { ...row("a", "April", "May"), anchorStart: 0, anchorEnd: 5 };
    const { chosen } = applicableTogether(text, [shifted]);
    expect(chosen[0]).toMatchObject({ start: text.indexOf("April"), end: text.indexOf("April") + 5 });
  });
});
