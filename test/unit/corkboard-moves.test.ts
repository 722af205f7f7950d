// @module-tag shared
// The corkboard's moves (issue 35 item 3, decision 0505): what a drop or a move button asks of the
// server, as pure functions over the board the page read.
import { describe, expect, it } from "vitest";
import { cardsOf, cardId, dropCard, stepChapter, stepScene, type Board } from "@/server/plan/corkboard-moves";

// Part P holds chapters a (scenes a1 a2 a3) and b (no scenes); chapter c (scenes c1 c2) stands outside any part.
const board: Board = {
  entries: [{ partId: "P", chapterIds: ["a", "b"] }, { chapterId: "c" }],
  orderVersion: 7,
  chapters: [
    { id: "a", version: 3, sceneIds: ["a1", "a2", "a3"] },
    { id: "b", version: 1, sceneIds: [] },
    { id: "c", version: 5, sceneIds: ["c1", "c2"] },
  ],
};

describe("the corkboard's cards", () => {
  it("are the scenes in reading order, a chapter without scenes one card of its own", () => {
    expect(cardsOf(board).map(cardId)).toEqual(["a1", "a2", "a3", "b", "c1", "c2"]);
  });
});

describe("a drop", () => {
  it("within a chapter reorders its scenes as a sortable list does (after the card when moving down, before it moving up)", () => {
    expect(dropCard(board, "a1", "a3")).toEqual({ kind: "reorderScenes", chapterId: "a", version: 3, sceneIds: ["a2", "a3", "a1"] });
    expect(dropCard(board, "a3", "a1")).toEqual({ kind: "reorderScenes", chapterId: "a", version: 3, sceneIds: ["a3", "a1", "a2"] });
    expect(dropCard(board, "a2", "a2")).toBeNull();
  });

  it("on another chapter's scene moves the scene there (across parts), with both chapters' versions", () => {
    expect(dropCard(board, "a2", "c1")).toEqual({ kind: "moveScene", sceneId: "a2", version: 3, toChapterId: "c", toVersion: 5, position: 2 });
    expect(dropCard(board, "c2", "a1")).toEqual({ kind: "moveScene", sceneId: "c2", version: 5, toChapterId: "a", toVersion: 3, position: 1 });
  });

  it("on a chapter without scenes puts the scene last in it, after the chapter's text", () => {
    expect(dropCard(board, "c1", "b")).toEqual({ kind: "moveScene", sceneId: "c1", version: 5, toChapterId: "b", toVersion: 1 });
  });

  it("of a chapter card reorders the contents with the order version: it takes the place, and the part, of the card's chapter", () => {
    expect(dropCard(board, "b", "c2")).toEqual({ kind: "reorderContents", orderVersion: 7, entries: [{ partId: "P", chapterIds: ["a"] }, { chapterId: "c" }, { chapterId: "b" }] });
    expect(dropCard(board, "b", "a1")).toEqual({ kind: "reorderContents", orderVersion: 7, entries: [{ partId: "P", chapterIds: ["b", "a"] }, { chapterId: "c" }] });
    expect(dropCard(board, "b", "unknown")).toBeNull();
  });
});

describe("the move buttons", () => {
  it("step a scene within its chapter, and over its edge into the chapter before or after", () => {
    expect(stepScene(board, "a2", -1)).toEqual({ kind: "reorderScenes", chapterId: "a", version: 3, sceneIds: ["a2", "a1", "a3"] });
    expect(stepScene(board, "a3", 1)).toEqual({ kind: "moveScene", sceneId: "a3", version: 3, toChapterId: "b", toVersion: 1, position: 1 });
    expect(stepScene(board, "c1", -1)).toEqual({ kind: "moveScene", sceneId: "c1", version: 5, toChapterId: "b", toVersion: 1 });
    expect(stepScene(board, "c1", -1)).not.toHaveProperty("position");
    expect(stepScene({ ...board, entries: [{ chapterId: "c" }, { chapterId: "a" }] }, "c2", 1)).toEqual({ kind: "moveScene", sceneId: "c2", version: 5, toChapterId: "a", toVersion: 3, position: 1 });
    expect(stepScene(board, "a1", -1)).toBeNull();
    expect(stepScene(board, "c2", 1)).toBeNull();
  });

  it("step a chapter in the reading order, joining the part of the chapter it passes", () => {
    expect(stepChapter(board, "c", -1)).toEqual({ kind: "reorderContents", orderVersion: 7, entries: [{ partId: "P", chapterIds: ["a", "c", "b"] }] });
    expect(stepChapter(board, "a", 1)).toEqual({ kind: "reorderContents", orderVersion: 7, entries: [{ partId: "P", chapterIds: ["b", "a"] }, { chapterId: "c" }] });
    expect(stepChapter(board, "a", -1)).toBeNull();
  });
});
