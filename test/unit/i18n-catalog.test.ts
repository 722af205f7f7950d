// @module-tag shared
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/i18n/catalog";
import { LOCALES } from "@/i18n/locales";
import { browserLocale } from "@/app/_i18n/browser-locale";

type Tree = { [key: string]: string | Tree };

/** Every message of a catalog, by its dotted key. */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The {arguments} and <tags> a message takes, which every language's message must take alike. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.type === TYPE.tag ? `<${element.value}>` : element.value);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
    if (element.type === TYPE.select || element.type === TYPE.plural) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}

const english = flatten(MESSAGES.en as unknown as Tree);

describe("the interface's catalogs (decision 0504)", () => {
  it.each(LOCALES.filter((locale) => locale !== "en"))("%s has every English key and no other", (locale) => {
    const other = flatten(MESSAGES[locale] as unknown as Tree);
    expect([...other.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !other.has(key))).toEqual([]);
  });

  it.each(LOCALES)("every %s message is well-formed ICU, not empty, and takes the arguments the English one does", (locale) => {
    for (const [key, message] of flatten(MESSAGES[locale] as unknown as Tree)) {
      expect(message.trim(), key).not.toBe("");
      const args = [...argumentsOf(parse(message))].sort();
      expect(args, `${locale} ${key}`).toEqual([...argumentsOf(parse(english.get(key)!))].sort());
    }
  });

  it("chooses the interface from the browser's languages, by preference", () => {
    expect(browserLocale("zh-CN,zh;q=0.9,en;q=0.8")).toBe("zh-CN");
    expect(browserLocale("en-GB,zh;q=0.5")).toBe("en");
    expect(browserLocale("fr-FR,zh-TW;q=0.8,en;q=0.5")).toBe("zh-CN");
    expect(browserLocale("fr,de;q=0.9")).toBe("en");
    expect(browserLocale(null)).toBe("en");
    expect(browserLocale("en;q=0.1,zh-Hans;q=0.9")).toBe("zh-CN");
  });
});
