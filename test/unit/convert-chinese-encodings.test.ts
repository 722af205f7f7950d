// @module-tag shared
import { readFileSync } from "node:fs";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { decodeManuscript } from "@/server/convert/engine/encoding";
import { readHere } from "@/server/convert/engine/run";
import { detectFormat } from "@/server/convert/engine/detect";
import { AppError } from "@/server/errors";

// Fixtures made once with Debian's iconv (and ICU's uconv -x Hans-Hant for the traditional text):
//   iconv -f UTF-8 -t GB18030 sanguo.utf8.txt > sanguo.gb18030.txt   (and the .md)
//   uconv -x Hans-Hant sanguo.utf8.txt | iconv -f UTF-8 -t BIG5 -c > sanguo-hant.big5.txt
//   iconv -f BIG5 -t UTF-8 sanguo-hant.big5.txt > sanguo-hant.utf8.txt
const zh = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/convert/zh/${name}`, import.meta.url)));
const utf8 = (name: string) => new TextDecoder().decode(zh(name));

function refusal(bytes: Uint8Array): AppError {
  try {
    decodeManuscript(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error(`expected a refusal, got ${JSON.stringify(decodeManuscript(bytes))}`);
}

describe("decoding a manuscript", () => {
  it("reads GB18030 and Big5 files as the UTF-8 text they were made from", () => {
    expect(decodeManuscript(zh("sanguo.gb18030.txt"))).toEqual({ text: utf8("sanguo.utf8.txt"), encoding: "gb18030" });
    expect(decodeManuscript(zh("sanguo.gb18030.md"))).toEqual({ text: utf8("sanguo.utf8.md"), encoding: "gb18030" });
    expect(decodeManuscript(zh("sanguo-hant.big5.txt"))).toEqual({ text: utf8("sanguo-hant.utf8.txt"), encoding: "big5" });
  });

  it("tells GB18030 from Big5 on a single line", () => {
    expect(decodeManuscript(iconv.encode("第一章 他说：“我们明天再走吧。”", "gb18030")).encoding).toBe("gb18030");
    expect(decodeManuscript(iconv.encode("第一章 他說：「我們明天再走吧。」", "big5")).encoding).toBe("big5");
    expect(decodeManuscript(iconv.encode("Chapter 1\n\n他说：“我们走吧。”\n", "gb18030")).text).toBe("Chapter 1\n\n他说：“我们走吧。”\n");
  });

  it("reads UTF-8 with and without a byte-order mark, and UTF-16 with one", () => {
    const text = "第一章\n　　正文。";
    expect(decodeManuscript(new TextEncoder().encode(text))).toEqual({ text, encoding: "utf-8" });
    expect(decodeManuscript(new TextEncoder().encode(`\uFEFF${text}`))).toEqual({ text, encoding: "utf-8" });
    expect(decodeManuscript(iconv.encode(text, "utf-16le", { addBOM: true }))).toEqual({ text, encoding: "utf-16le" });
    expect(decodeManuscript(iconv.encode(text, "utf-16be", { addBOM: true }))).toEqual({ text, encoding: "utf-16be" });
  });

  it("refuses other 8-bit and East Asian encodings once, naming what it tried, rather than read mojibake", () => {
    const others: Array<[string, string]> = [
      ["Le café était très chaud; à côté, l'élève répétait sa leçon préférée.", "latin1"],
      ["Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему.", "koi8-r"],
      ["Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему.", "win1251"],
      ["吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。", "shift_jis"],
      ["吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。", "euc-jp"],
      ["대한민국은 민주공화국이다. 대한민국의 주권은 국민에게 있고, 모든 권력은 국민으로부터 나온다.", "euc-kr"],
    ];
    for (const [text, encoding] of others) {
      const error = refusal(iconv.encode(text, encoding));
      expect(error.code, encoding).toBe("invalid_encoding");
      expect(error.message).toBe("The text is in none of the encodings Inkstone reads (UTF-8, UTF-16 with a byte-order mark, GB18030/GBK, Big5); save it as UTF-8 and try again.");
    }
    // bytes in no encoding at all, though every one of them decodes as GB18030
    const junk = Uint8Array.from({ length: 4096 }, (_, i) => 0x81 + ((i * 7919) % 0x7e));
    expect(refusal(junk).code).toBe("invalid_encoding");
    // UTF-16 whose byte-order mark is followed by half a character
    expect(refusal(new Uint8Array([0xff, 0xfe, 0x41])).code).toBe("invalid_encoding");
  });
});

describe("importing a Chinese manuscript", () => {
  it("gives the same chapters from GB18030, Big5 and UTF-8", async () => {
    const hans = await readHere(zh("sanguo.utf8.txt"), "txt");
    expect(hans.chapters.map((c) => c.title)).toEqual(["第1章 宴桃园豪杰三结义 斩黄巾英雄首立功", "第2章 张翼德怒鞭督邮 何国舅谋诛宦竖", "第3章 议温明董卓叱丁原 馈金珠李肃说吕布"]);
    expect(await readHere(zh("sanguo.gb18030.txt"), undefined, { fileName: "三国.txt" })).toEqual(hans);
    expect(await readHere(zh("sanguo.gb18030.md"), "md")).toEqual(await readHere(zh("sanguo.utf8.md"), "md"));
    expect(await readHere(zh("sanguo-hant.big5.txt"), "txt")).toEqual(await readHere(zh("sanguo-hant.utf8.txt"), "txt"));
    expect((await readHere(zh("sanguo-hant.big5.txt"), "txt")).chapters[0]!.title).toBe("第1章 宴桃園豪傑三結義 斬黃巾英雄首立功");
  });

  it("takes a UTF-16 file named .txt as text", () => {
    expect(detectFormat("notes.txt", iconv.encode("第一章\n正文", "utf-16le", { addBOM: true }))).toBe("txt");
    expect(detectFormat("notes", iconv.encode("第一章\n正文", "utf-16be", { addBOM: true }))).toBe("txt");
  });
});
