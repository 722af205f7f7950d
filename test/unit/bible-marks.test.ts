// @module-tag shared
import { CompletionContext } from "@codemirror/autocomplete";
import { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import {
  bibleCompletionSource,
  chapterMentions,
  markedEntries,
  mentionAt,
  setMarkedEntries,
  type MarkedEntry,
} from "@/app/(writer)/books/[bookId]/chapters/[chapterId]/bible-marks";
import { intlSegmenter } from "@/server/text/intl-segmenter";

const ENTRIES: MarkedEntry[] = [
  { id: "lyra", kind: "character", names: ["Lyra Belacqua", "Lyra", "Silvertongue"] },
  { id: "jordan", kind: "place", names: ["Jordan College"] },
  { id: "daiyu", kind: "character", names: ["林黛玉", "黛玉", "颦儿"] },
  { id: "liang", kind: "character", names: ["诸葛亮", "孔明", "亮"] },
];

function editor(doc: string, entries: readonly MarkedEntry[] = ENTRIES): EditorState {
  const state = EditorState.create({ doc, extensions: [markedEntries] });
  return state.update({ effects: setMarkedEntries.of(entries) }).state;
}

const named = (state: EditorState) => chapterMentions(state).map(({ mention, from }) => [mention.id, state.sliceDoc(from + mention.start, from + mention.end)]);

describe("the editor's bible marks (issue 21 item 4)", () => {
  it("finds every entry's names and aliases, longest first, on every line, in editor positions", () => {
    const state = editor("Lyra Belacqua left Jordan College.\n\nSilvertongue, they called her; Lyra's hands shook.\n林黛玉笑道：“颦儿来了。”");
    expect(named(state)).toEqual([
      ["lyra", "Lyra Belacqua"],
      ["jordan", "Jordan College"],
      ["lyra", "Silvertongue"],
      ["lyra", "Lyra"],
      ["daiyu", "林黛玉"],
      ["daiyu", "颦儿"],
    ]);
  });

  it("counts a one-character Chinese name only where it is a word, with the browser's segmenter", () => {
    expect(named(editor("诸葛亮曰：亮不敢。"))).toEqual([
      ["liang", "诸葛亮"],
      ["liang", "亮"],
    ]);
    // ICU knows 明亮 and 漂亮 as words (it cuts a rare phrase such as 淑质贞亮 into characters, where jieba does not).
    expect(named(editor("月光明亮，衣服漂亮。"))).toEqual([]);
  });

  it("knows no names until it is given entries, and forgets old ones when given new", () => {
    const state = EditorState.create({ doc: "Lyra ran.", extensions: [markedEntries] });
    expect(chapterMentions(state)).toEqual([]);
    const renamed = editor("Lyra ran.").update({ effects: setMarkedEntries.of([{ id: "l", kind: "character", names: ["Lyra Silver"] }]) }).state;
    expect(chapterMentions(renamed)).toEqual([]);
  });

  it("tells which entry stands under a position (for the card on hover)", () => {
    const state = editor("Then Lyra Belacqua smiled.");
    expect(mentionAt(state, 7)).toEqual({ id: "lyra", from: 5, to: 18 });
    expect(mentionAt(state, 2)).toBeUndefined();
  });

  it("marks a lower-case alias capitalised at a sentence's start, as the server counts it", () => {
    const entries = [...ENTRIES, { id: "ahab", kind: "character", names: ["Ahab", "the captain"] }];
    expect(named(editor("The captain smiled at the captain.\nI will wait.", entries))).toEqual([
      ["ahab", "The captain"],
      ["ahab", "the captain"],
    ]);
  });

  it("is not fooled by a name inside a longer word", () => {
    expect(named(editor("Lyrical, not Lyra."))).toEqual([["lyra", "Lyra"]]);
  });
});

describe("@-completion of the bible's names (issue 21 item 4)", () => {
  function complete(doc: string, entries: readonly MarkedEntry[] = ENTRIES) {
    const state = editor(doc, entries);
    return bibleCompletionSource(new CompletionContext(state, doc.length, false));
  }

  it("offers every name and alias after @, replacing the @ and what follows it", () => {
    const result = complete("She saw @Ly");
    expect(result?.from).toBe(8);
    const labels = result!.options.map((option) => option.label);
    expect(labels).toContain("@Lyra");
    expect(labels).toContain("@Silvertongue");
    expect(labels).toContain("@林黛玉");
    expect(result!.options.find((option) => option.label === "@Lyra")?.apply).toBe("Lyra");
    expect(result!.options.find((option) => option.label === "@Lyra")?.detail).toBe("character · Lyra Belacqua");
  });

  it("works after Chinese text and with a Chinese query", () => {
    expect(complete("宝玉道：@黛")?.from).toBe(4);
  });

  it("offers nothing without an @, after a space, or with an empty bible", () => {
    expect(complete("She saw Ly")).toBeNull();
    expect(complete("mail me @ home")).toBeNull();
    expect(complete("She saw @Ly", [])).toBeNull();
  });
});

describe("intlSegmenter", () => {
  it("gives back the text exactly and keeps each taught name whole", () => {
    const text = "玄德曰：孔明笑道，赵云长子也。 Mr. Darcy";
    const words = intlSegmenter(["玄德", "孔明", "赵云"]).words(text);
    expect(words.join("")).toBe(text);
    expect(words).toContain("玄德");
    expect(words).toContain("孔明");
    expect(words).toContain("赵云");
    expect(intlSegmenter([]).words("")).toEqual([]);
  });
});
