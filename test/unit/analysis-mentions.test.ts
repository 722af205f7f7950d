// @module-tag shared
import { describe, expect, it } from "vitest";
import { findMentions, sentenceCased, splitNames, withoutTitles, type Doubt } from "@/server/analysis/engine/mentions";
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

  it("gives each mention's place and name, with the title it was given", () => {
    const text = "Mr. Darcy bowed. Elizabeth's smile faded; Darcy left.";
    expect(findMentions(text, [darcy, lizzy])).toEqual([
      { id: "darcy", start: 0, end: 9, name: "Mr. Darcy" },
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

  describe("titles keep a family apart (issue 33 item 1)", () => {
    const mr = { id: "mr", names: ["Mr. Bennet"] };
    const mrs = { id: "mrs", names: ["Mrs. Bennet"] };
    const jane = { id: "jane", names: ["Jane|Miss Bennet"] };

    it("finds Mr. Bennet and Mrs. Bennet each by their title, with or without its dot", () => {
      const text = "Mr. Bennet smiled; Mrs. Bennet did not. Mr Bennet left, Mrs Bennet stayed, and Miss Bennet read.";
      expect(ids(text, [mr, mrs, jane])).toEqual(["mr", "mrs", "mr", "mrs", "jane"]);
    });

    it("counts a surname several titled names share for the only Mr. among them, and says whose it could be", () => {
      const doubts: Doubt[] = [];
      expect(ids("Bennet sighed. Bennet's wife laughed.", [mrs, mr, jane])).toEqual(["mr", "mr"]);
      findMentions("Bennet sighed.", [mrs, mr, jane], undefined, doubts);
      expect(doubts).toEqual([{ ids: ["mrs", "mr", "jane"], counted: "mr", start: 0, end: 6, name: "Bennet" }]);
      // With no Mr. among them, a surname alone counts for none.
      doubts.length = 0;
      expect(findMentions("Bennet sighed.", [mrs, jane], undefined, doubts)).toEqual([]);
      expect(doubts).toEqual([{ ids: ["mrs", "jane"], counted: null, start: 0, end: 6, name: "Bennet" }]);
    });

    it("gives a surname alone to the only titled name it shortens, but not after another title", () => {
      const darcy = { id: "darcy", names: ["Mr. Darcy"] };
      expect(ids("Darcy bowed. Miss Darcy played. Lady Catherine de Bourgh frowned at Darcy.", [darcy])).toEqual(["darcy", "darcy"]);
      // After another title the surname is a relative's: Miss Darcy is Georgiana, and Mrs. Bennet is not Mr. Bennet.
      expect(ids("Mrs. Bennet spoke; Mr. Bennet read.", [mr])).toEqual(["mr"]);
      // Given without a title, a name is its entry's after any title.
      expect(ids("Miss Darcy played.", [{ id: "family", names: ["Darcy"] }])).toEqual(["family"]);
    });

    it("gives a name given without a title to that entry, and its titled forms to the titled one", () => {
      const plain = { id: "plain", names: ["Darcy"] };
      const titled = { id: "titled", names: ["Mr. Darcy"] };
      expect(ids("Darcy came. Mr. Darcy went.", [titled, plain])).toEqual(["plain", "titled"]);
    });

    it("finds every surname, Collins with the rest", () => {
      const collins = { id: "collins", names: ["Mr. Collins"] };
      expect(ids("Collins waved, and Collins smiled. Mr. Collins bowed.", [collins, mr, mrs])).toEqual(["collins", "collins", "collins"]);
      expect(ids("Collins waved, and Collins smiled.", [{ id: "c", names: ["Collins"] }])).toEqual(["c", "c"]);
    });
  });

  it("strips titles written before a name", () => {
    expect(withoutTitles("Mr. Darcy")).toBe("Darcy");
    expect(withoutTitles("Sir William Lucas")).toBe("William Lucas");
    expect(withoutTitles("Mrs")).toBe("");
    expect(withoutTitles("丞相曹操")).toBe("曹操");
    expect(withoutTitles("大将军")).toBe("");
    expect(withoutTitles("Elizabeth")).toBe("Elizabeth");
    // A Latin name that starts with a title's letters keeps them: Col in Collins, St in Stephen, Dr in Drake.
    for (const name of ["Collins", "Stephen", "Drake", "Sirius", "Kingsley", "Mrs. Collins"]) expect(withoutTitles(name)).toBe(name.replace("Mrs. ", ""));
  });
});
