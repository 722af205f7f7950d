// @module-tag shared
// Where scenes stand in a chapter's text and how they follow it (decision 0499): the pure engine.
import { describe, expect, it } from "vitest";
import { bodiesOf, breakAnchorOf, followScenes, joinScenes, sceneSpans, withBreakAt, type PlacedScene } from "@/server/scenes/places";
import { sceneBreakLines } from "@/server/text/scene-break";
import { cpuMark, cpuMsSince } from "../support/cpu-time";
import { BUDGET_MS } from "../support/pathological";

const TEXT = "Morning came.\n\n* * *\n\nNoon, and rain.\n\n* * *\n\nNight fell.\n";

/** The scenes of a text as rows would place them: ids a, b, c… */
function placed(text: string): PlacedScene[] {
  const breaks = sceneBreakLines(text);
  return [null, ...breaks].map((line, i) => ({ id: "abcdefghij"[i]!, breakAnchor: line && breakAnchorOf(text, line) }));
}

describe("scene places", () => {
  it("cuts a text at its scene-break lines, the scenes tiling it", () => {
    const spans = sceneSpans(TEXT);
    expect(spans.map((s) => [s.start, s.end])).toEqual([
      [0, 15],
      [15, 39],
      [39, TEXT.length],
    ]);
    expect(bodiesOf(TEXT)).toEqual(["Morning came.", "Noon, and rain.", "Night fell."]);
    expect(sceneBreakLines("a\n#\nb\n⁂\r\nc\n———\nd\n—— not a break ——\n* * * * * * *\n").length).toBe(3);
    expect(sceneSpans("")).toEqual([{ start: 0, bodyStart: 0, end: 0, breakLine: null }]);
  });

  it("keeps every scene's id through typing before, inside and after the breaks", () => {
    const scenes = placed(TEXT);
    const typed = TEXT.replace("Morning", "Early morning").replace("rain.", "rain, hard.").replace("Night", "The night");
    expect(followScenes(scenes, TEXT, typed)).toEqual(["a", "b", "c"]);
    expect(followScenes(scenes, TEXT, TEXT.replace("Morning", "Early morning"))).toEqual(["a", "b", "c"]);
    expect(followScenes(scenes, TEXT, TEXT.replace("Night", "The night"))).toEqual(["a", "b", "c"]);
  });

  it("a break typed in a scene makes the text after it a new scene; the scene before keeps its id", () => {
    const scenes = placed(TEXT);
    const after = TEXT.replace("Noon, and rain.", "Noon.\n\n* * *\n\nRain.");
    expect(followScenes(scenes, TEXT, after)).toEqual(["a", "b", null, "c"]);
  });

  it("a break deleted joins two scenes, the first keeping its id", () => {
    const scenes = placed(TEXT);
    const after = TEXT.replace("Noon, and rain.\n\n* * *\n\n", "Noon, and rain.\n\n");
    expect(followScenes(scenes, TEXT, after)).toEqual(["a", "b"]);
    // The first break deleted: the first scene keeps its id and takes the second's text.
    expect(followScenes(scenes, TEXT, TEXT.replace("* * *\n\nNoon", "Noon"))).toEqual(["a", "c"]);
  });

  it("reads the breaks from the text before when it is known: stored offsets left behind by typing do not matter", () => {
    const stale = placed(TEXT).map((scene) => (scene.breakAnchor ? { ...scene, breakAnchor: { ...scene.breakAnchor, start: 1, end: 2 } } : scene));
    const typed = `A long new opening paragraph.\n\n${TEXT}`;
    expect(followScenes(stale, TEXT, typed.replace("Night", "Late night"))).toEqual(["a", "b", "c"]);
  });

  it("finds the breaks again by their context when the text before is not known (an undo, an upload)", () => {
    const scenes = placed(TEXT);
    const replaced = `Prologue.\n\n${TEXT}`;
    expect(followScenes(scenes, undefined, replaced)).toEqual(["a", "b", "c"]);
  });

  it("rejoins scenes in a new order with the chapter's own mark, and adds a break at a line", () => {
    expect(joinScenes(["One.", "Two."], "#", true)).toBe("One.\n\n#\n\nTwo.\n");
    const added = withBreakAt(TEXT, TEXT.indexOf("rain"), "* * *");
    expect(added.newSpan).toBe(2);
    expect(bodiesOf(added.text)).toEqual(["Morning came.", "", "Noon, and rain.", "Night fell."]);
    const split = withBreakAt("First line.\nSecond line.\n", 14, "* * *");
    expect(bodiesOf(split.text)).toEqual(["First line.", "Second line."]);
    expect(withBreakAt(TEXT, undefined, "* * *").newSpan).toBe(3);
  });

  it("stays linear on pathological text: long lines of marks and spaces, thousands of breaks", () => {
    const hostile = `${"* ".repeat(200_000)}x\n${"*\n".repeat(100_000)}`;
    const mark = cpuMark();
    const breaks = sceneBreakLines(hostile);
    const slots = followScenes(placed("a\n*\nb"), "a\n*\nb", hostile, breaks);
    expect(breaks.length).toBe(100_000);
    expect(slots.length).toBe(100_001);
    expect(cpuMsSince(mark)).toBeLessThan(BUDGET_MS);
  });

  it("stays linear with thousands of scenes rewritten at once: unchanged breaks are found by a map, at most 64 searched for", () => {
    const scenes = 20_000;
    const before = Array.from({ length: scenes }, (_, i) => `Scene number ${i} text here.`).join("\n\n* * *\n\n");
    const rows = [null, ...sceneBreakLines(before)].map((line, i) => ({ id: `s${i}`, breakAnchor: line && breakAnchorOf(before, line) }));
    // An undo that does not know the text before, with one break fewer: every other scene keeps its id.
    const joined = before.replace("\n\n* * *\n\nScene number 10000 ", " Scene number 10000 ");
    let mark = cpuMark();
    const slots = followScenes(rows, undefined, joined);
    expect(cpuMsSince(mark)).toBeLessThan(BUDGET_MS);
    // The two scenes beside the deleted break are told apart by context alone, which the change
    // left alike for both: one of them is joined. Every other scene keeps its id and its place.
    const beside = (id: string | null) => id !== "s10000" && id !== "s10001";
    expect(slots).toHaveLength(scenes - 1);
    expect(slots.filter(beside)).toEqual(rows.map((row) => row.id).filter(beside));
    // Every break's context rewritten (each scene's first word): none is found by the map, and only 64 are searched for.
    const rewritten = joined.replaceAll("Scene number", "Part number");
    mark = cpuMark();
    followScenes(rows, undefined, rewritten);
    expect(cpuMsSince(mark)).toBeLessThan(BUDGET_MS);
  });
});
