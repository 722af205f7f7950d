// @module-tag postgres
// Issue 20 item 9: the library answers Chinese and loose queries.
import { beforeAll, describe, expect, it } from "vitest";
import { BUILT_IN_TEMPLATES } from "@/server/analysis/engine";
import { createTemplate } from "@/server/analysis/create-template";
import { createTemplateInput } from "@/server/analysis/schemas";
import { searchTemplates, templatesCollection } from "@/server/analysis/search-templates";
import { normaliseForSearch } from "@/server/analysis/search-text";
import type { Principal } from "@/server/auth/principal";
import { defaultCollectionOptions } from "@/server/collections";
import { sql } from "@/server/db";
import { newWriter } from "../support/principals";

let ada: Principal;
const slugOf = new Map<string, string>();

/** The slugs of the built-ins a query finds, best first. */
async function found(q: string): Promise<string[]> {
  const page = await searchTemplates({ ...defaultCollectionOptions(templatesCollection, { perPage: 100 }), q }, ada);
  return page.items.map((t) => slugOf.get(t.id) ?? t.name);
}

beforeAll(async () => {
  await newWriter("admin");
  ada = await newWriter("ada");
  for (const row of await sql.selectFrom("AnalysisTemplate").select(["id", "slug"]).where("builtIn", "=", true).execute()) slugOf.set(row.id, row.slug);
});

describe("Chinese queries find the right built-ins", () => {
  it("三幕 finds the Three-Act Structure first", async () => {
    expect((await found("三幕"))[0]).toBe("three-act-structure");
  });

  it("节奏 finds the two pacing templates first: across chapters and inside them", async () => {
    expect((await found("节奏")).slice(0, 2).sort()).toEqual(["pacing-and-rhythm", "pacing-inside-chapters"]);
  });

  it("对话 finds Dialogue balance and Speakers and dialogue tags among the first three (Pacing inside chapters reads dialogue too)", async () => {
    const first = (await found("对话")).slice(0, 3);
    expect(first).toContain("dialogue-balance");
    expect(first).toContain("speakers-and-dialogue-tags");
  });

  it("拆书 finds every structure template and the other dissecting ones, not the editing tools", async () => {
    const slugs = await found("拆书");
    for (const slug of ["three-act-structure", "save-the-cat", "heros-journey", "kishotenketsu", "seven-point-structure", "golden-three-chapters", "pacing-and-rhythm", "character-presence", "style-fingerprint"]) {
      expect(slugs).toContain(slug);
    }
    expect(slugs).not.toContain("word-echoes");
  });

  it("爽点 finds the web-novel opening, pacing and the emotion arc", async () => {
    expect((await found("爽点")).slice(0, 3).sort()).toEqual(["emotion-arc", "golden-three-chapters", "pacing-and-rhythm"]);
  });

  it("伏笔 finds the term timeline first (a setup traced to its payoff), and Character presence", async () => {
    const slugs = await found("伏笔");
    expect(slugs[0]).toBe("term-timeline");
    expect(slugs).toContain("character-presence");
  });

  it("every built-in has a Chinese name or tag", () => {
    for (const t of BUILT_IN_TEMPLATES) expect([t.name, ...t.tags].join(" "), t.slug).toMatch(/\p{Script=Han}/u);
  });
});

describe("loose queries", () => {
  it("heros journey finds Hero's Journey: apostrophes, case and punctuation do not matter", async () => {
    for (const q of ["heros journey", "Hero's Journey", "HERO’S JOURNEY", "hero's-journey!"]) {
      expect((await found(q))[0], q).toBe("heros-journey");
    }
  });

  it("accents do not matter either: kishotenketsu finds Kishōtenketsu", async () => {
    expect((await found("kishotenketsu"))[0]).toBe("kishotenketsu");
  });

  it("save-the-cat and save the cat! find Save the Cat", async () => {
    expect((await found("save-the-cat"))[0]).toBe("save-the-cat");
    expect((await found("Save the Cat!"))[0]).toBe("save-the-cat");
  });

  it("when no template holds every word, those holding all words but one come back, best first", async () => {
    expect((await found("heros journy"))[0]).toBe("heros-journey");
    expect((await found("three act structre"))[0]).toBe("three-act-structure");
    expect(await found("zzzz qqqq")).toEqual([]);
    expect(await found("no template talks about zeppelins")).toEqual([]);
  });

  it("a writer's own template is found the same way", async () => {
    const definition = BUILT_IN_TEMPLATES[0]!.definition;
    await createTemplate(createTemplateInput.parse({ name: "Writer’s Block Breaker", category: "other", definition, published: true }), ada);
    expect(await found("writers block")).toContain("Writer’s Block Breaker");
  });

  it("normalises the same way on both sides", () => {
    expect(normaliseForSearch("Hero’s Journey")).toBe("heros journey");
    expect(normaliseForSearch("Kishōtenketsu (起承转合)")).toBe("kishotenketsu 起承转合");
    expect(normaliseForSearch("ＳＡＶＥ—the　Cat!")).toBe("save the cat");
    expect(normaliseForSearch("が")).toBe("が");
  });
});
