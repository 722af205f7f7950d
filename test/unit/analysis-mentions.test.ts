import { describe, expect, it } from "vitest";
import { findMentions, sentenceCased, splitNames, withoutTitles } from "@/server/analysis/engine/mentions";
import { isTitle } from "@/server/text/titles";
import { chineseSegmenter } from "@/server/text/segmenter";

const ids = (text: string, things: Parameters<typeof findMentions>[1]) => findMentions(text, things).map((mention) => mention.id);

describe("isTitle", () => {
  it("knows English and Chinese titles and honorifics, and no names", () => {
    for (const title of ["Mr", "Mr.", "Mrs", "Miss", "Sir", "Lady", "Dr", "Colonel", "Captain", "丞相", "将军", "主公", "先生", "夫人"]) {
      expect(isTitle(title), title).toBe(true);
    }
    for (const name of ["Darcy", "Elizabeth", "曹操", "玄德", "荆州"]) expect(isTitle(name), name).toBe(false);
  });
});

describe("findMentions", () => {
  const darcy = { id: "darcy", names: ["Mr. Darcy", "Fitzwilliam Darcy"] };
  const lizzy = { id: "eliza", names: ["Elizabeth", "Lizzy"] };

  it("gives each mention's place and name, a title before a name not part of it", () => {
    const text = "Mr. Darcy bowed. Elizabeth's smile faded; Darcy left.";
    expect(findMentions(text, [darcy, lizzy])).toEqual([
      { id: "darcy", start: 4, end: 9, name: "Darcy" },
      { id: "eliza", start: 17, end: 26, name: "Elizabeth" },
      { id: "darcy", start: 42, end: 47, name: "Darcy" },
    ]);
  });

  it("takes Latin names as whole words only, and the longest name first", () => {
    expect(ids("Darcyish Elizabethan Fitzwilliam Darcy", [darcy, lizzy])).toEqual(["darcy"]);
    expect(findMentions("Fitzwilliam Darcy", [darcy])).toEqual([{ id: "darcy", start: 0, end: 17, name: "Fitzwilliam Darcy" }]);
  });

  it("never takes a title alone for a name", () => {
    expect(ids("Mr. Bennet and Mrs. Bennet; the Colonel.", [{ id: "t", names: ["Mr", "Mrs.", "Colonel"] }])).toEqual([]);
    expect(ids("丞相大怒", [{ id: "cao", names: ["曹操", "丞相"] }])).toEqual([]);
    expect(ids("丞相曹操大怒", [{ id: "cao", names: ["丞相曹操"] }])).toEqual(["cao"]);
  });

  it("matches Chinese aliases leftmost-longest", () => {
    const things = [
      { id: "guan", names: ["关羽", "云长"] },
      { id: "zhao", names: ["赵云", "子龙"] },
    ];
    expect(ids("赵云长子", things)).toEqual(["zhao"]);
    expect(ids("云长大喜", things)).toEqual(["guan"]);
  });

  it("counts a one-character name only where the segmenter makes it a word", () => {
    const liang = [{ id: "liang", names: ["诸葛亮", "孔明", "亮"] }];
    expect(ids("淑质贞亮", liang)).toEqual([]);
    expect(ids("亮曰：“诸葛亮在此。”", liang)).toEqual(["liang", "liang"]);
    expect(findMentions("亮曰", liang, chineseSegmenter([]))).toHaveLength(1);
  });

  it("reads the full-width ｜ Chinese input methods type as an alias separator", () => {
    expect(splitNames("刘备｜玄德| 刘皇叔 ")).toEqual(["刘备", "玄德", "刘皇叔"]);
    expect(ids("玄德曰", [{ id: "liu", names: ["刘备｜玄德"] }])).toEqual(["liu"]);
  });

  it("finds a name written lower-case with its first letter capitalised, and a capitalised name only as written", () => {
    const captain = { id: "ahab", names: ["Ahab", "the captain", "de Winter"] };
    const will = { id: "will", names: ["Will"] };
    const text = "The captain frowned. Ahab knew the captain would. De Winter and de Winter. THE CAPTAIN, The Captain.";
    expect(findMentions(text, [captain, will]).map((m) => [m.id, m.name, m.start])).toEqual([
      ["ahab", "The captain", 0],
      ["ahab", "Ahab", 21],
      ["ahab", "the captain", 31],
      ["ahab", "De Winter", 50],
      ["ahab", "de Winter", 64],
    ]);
    // "Will" the name is not "will" the verb, nor is a capitalised name found lower-case.
    expect(ids("I will go; ahab stays. Will goes.", [captain, will])).toEqual(["will"]);
    // A name written capitalised keeps its form over another thing's lower-case one.
    expect(ids("Rose smiled; the rose wilted.", [{ id: "flower", names: ["rose"] }, { id: "girl", names: ["Rose"] }])).toEqual(["girl", "flower"]);
    expect(sentenceCased("the captain")).toBe("The captain");
    expect(sentenceCased("élodie")).toBe("Élodie");
    for (const unchanged of ["Ahab", "林黛玉", "42nd street", "ßtraße"]) expect(sentenceCased(unchanged), unchanged).toBeUndefined();
  });

  it("strips titles written before a name", () => {
    expect(withoutTitles("Mr. Darcy")).toBe("Darcy");
    expect(withoutTitles("Sir William Lucas")).toBe("William Lucas");
    expect(withoutTitles("Mrs")).toBe("");
    expect(withoutTitles("丞相曹操")).toBe("曹操");
    expect(withoutTitles("大将军")).toBe("");
    expect(withoutTitles("Elizabeth")).toBe("Elizabeth");
  });
});
