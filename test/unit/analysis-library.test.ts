// @module-tag postgres
import { z } from "zod";
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createTemplate } from "@/server/analysis/create-template";
import { deleteTemplate } from "@/server/analysis/delete-template";
import { getTemplate } from "@/server/analysis/get-template";
import { installTemplate } from "@/server/analysis/install-template";
import { listInstalledTemplates } from "@/server/analysis/list-installed-templates";
import { createTemplateInput, type CreateTemplateInput, type TemplateDto } from "@/server/analysis/schemas";
import { searchTemplates, templatesCollection, type SearchTemplatesOptions } from "@/server/analysis/search-templates";
import { seedBuiltInTemplates } from "@/server/analysis/seed-templates";
import { uninstallTemplate } from "@/server/analysis/uninstall-template";
import { updateTemplate } from "@/server/analysis/update-template";
import { defaultCollectionOptions, parseCollectionQuery } from "@/server/collections";
import { sql } from "@/server/db";
import { BUILT_IN_TEMPLATES } from "@/server/analysis/engine";
import { newWriter, withScopes } from "../support/principals";

const search = (principal: Principal, q?: string, overrides: Partial<SearchTemplatesOptions> = {}) =>
  searchTemplates({ ...defaultCollectionOptions(templatesCollection, overrides), q }, principal);
const names = (page: { items: { name: string }[] }) => page.items.map((t) => t.name);

let admin: Principal;
let ada: Principal;
let definition: CreateTemplateInput["definition"];
const draft = (overrides: Partial<CreateTemplateInput> = {}): CreateTemplateInput =>
  createTemplateInput.parse({ name: "Quiet Rooms", summary: "How often rooms fall silent", category: "dialogue", tags: ["Silence"], definition, ...overrides });

beforeAll(async () => {
  admin = await newWriter("admin");
  ada = await newWriter("ada");
  const dialogue = (await search(ada, "dialogue")).items[0]!;
  definition = (await getTemplate({ templateId: dialogue.id }, ada)).definition;
});

describe("the built-in library", () => {
  it("is seeded, published, and holds the templates the issue names", async () => {
    const all = await search(ada, undefined, { perPage: 100 });
    expect(all.total).toBeGreaterThanOrEqual(12);
    expect(all.items.every((t) => t.builtIn && t.published && t.author === null)).toBe(true);
    const found = names(all).join(" | ");
    for (const name of [/three-act/i, /save the cat/i, /hero.s journey/i, /起承转合|kish/i, /黄金三章/, /pacing/i, /dialogue/i, /readability/i, /style/i, /character/i, /chapter length/i, /echo/i]) {
      expect(found).toMatch(name);
    }
  });

  it("seeds idempotently by slug, and a new built-in version rewrites the row", async () => {
    expect(await seedBuiltInTemplates(sql)).toEqual({ created: 0, updated: 0 });
    const first = BUILT_IN_TEMPLATES[0]!;
    await sql.updateTable("AnalysisTemplate").set({ version: first.version - 1, name: "Stale name" }).where("slug", "=", first.slug).execute();
    expect(await seedBuiltInTemplates(sql)).toEqual({ created: 0, updated: 1 });
    const rows = await sql.selectFrom("AnalysisTemplate").select(["name", "version", "builtIn"]).where("slug", "=", first.slug).execute();
    expect(rows).toEqual([{ name: first.name, version: first.version, builtIn: true }]);
  });
});

describe("searching templates", () => {
  it("matches every word of q in name, summary or tags, ignoring case, best match first", async () => {
    const cat = await search(ada, "SAVE the Cat");
    expect(cat.items[0]?.name).toMatch(/save the cat/i);
    expect(cat.total).toBe(cat.items.length);
    const mine = await createTemplate(draft({ name: "Beat counter", summary: "Counts the dialogue beats", tags: ["dialogue"], published: true }), ada);
    const dialogue = names(await search(ada, "dialogue", { perPage: 100 }));
    // a name that holds the word ranks above a template that only has it as a tag and in its summary
    const named = dialogue.findIndex((n) => /dialogue/i.test(n));
    expect(named).toBeGreaterThanOrEqual(0);
    expect(named).toBeLessThan(dialogue.indexOf("Beat counter"));
    await deleteTemplate({ templateId: mine.id }, ada);
  });

  it("finds Chinese text as written", async () => {
    expect(names(await search(ada, "起承转合")).join()).toMatch(/起承转合/);
    expect(names(await search(ada, "黄金三章")).join()).toMatch(/黄金三章/);
    expect((await search(ada, "no template talks about zeppelins")).items).toEqual([]);
  });

  it("filters by category, tag, language and author, and sorts by name, installs and updated", async () => {
    const structure = await search(ada, undefined, { perPage: 100, filters: { category: "structure" } });
    expect(structure.items.length).toBeGreaterThan(0);
    expect(structure.items.every((t) => t.category === "structure")).toBe(true);
    const zh = await search(ada, undefined, { perPage: 100, filters: { language: "zh" } });
    expect(zh.items.every((t) => t.language === "zh")).toBe(true);
    const tagged = (await search(ada, undefined, { perPage: 100 })).items.find((t) => t.tags.length > 0)!;
    const byTag = await search(ada, undefined, { perPage: 100, filters: { tag: tagged.tags[0]!.toUpperCase() } });
    expect(byTag.items.map((t) => t.id)).toContain(tagged.id);
    expect(byTag.items.every((t) => t.tags.includes(tagged.tags[0]!))).toBe(true);

    const ben = await newWriter("ben");
    const bens = await createTemplate(draft({ name: "Ben's study" }), ben);
    expect(names(await search(ben, undefined, { filters: { author: ben.userId } }))).toEqual(["Ben's study"]);
    expect((await search(ada, undefined, { filters: { author: ben.userId } })).items).toEqual([]); // a draft is the author's alone

    const byName = names(await search(ada, undefined, { perPage: 100, sortBy: "name", order: "asc" }));
    expect(byName).toEqual([...byName].sort(new Intl.Collator("en", { sensitivity: "base", numeric: true }).compare));
    const page2 = await search(ada, undefined, { perPage: 5, page: 2, sortBy: "name", order: "asc" });
    expect(names(page2)).toEqual(byName.slice(5, 10));
    const byUpdated = (await search(ben, undefined, { perPage: 100, sortBy: "updated", order: "desc" })).items;
    expect(byUpdated[0]!.id).toBe(bens.id);
  });

  it("refuses per_page over 100, an unknown sort or filter with invalid_query (400)", () => {
    const parse = (query: string) => () => parseCollectionQuery(templatesCollection, new URLSearchParams(query), z.object({ q: z.string().optional() })).options;
    expect(parse("per_page=101")).toThrow(expect.objectContaining({ code: "invalid_query", status: 400 }));
    expect(parse("sortby=price")).toThrow(expect.objectContaining({ code: "invalid_query" }));
    expect(parse("colour=red")).toThrow(expect.objectContaining({ code: "invalid_query" }));
    expect(parse("language=fr")).toThrow(expect.objectContaining({ code: "invalid_query" }));
    expect(parse("q=cat&per_page=100&sortby=installs&order=asc")()).toMatchObject({ perPage: 100, sortBy: "installs", order: "asc" });
  });

  it("needs read:analysis", async () => {
    await expect(search(withScopes(ada, ["read:books", "write:analysis"]))).rejects.toMatchObject({ code: "insufficient_scope", status: 403 });
  });
});

describe("the library of a writer", () => {
  it("installs once however often asked, counts once, and uninstalls", async () => {
    const cleo = await newWriter("cleo");
    const dan = await newWriter("dan");
    const template = (await search(cleo, "readability")).items[0]!;
    const before = template.installs;
    const first = await installTemplate({ templateId: template.id }, cleo);
    const again = await installTemplate({ templateId: template.id }, cleo);
    expect([first.installs, again.installs]).toEqual([before + 1, before + 1]);
    expect(again.installed).toBe(true);
    await installTemplate({ templateId: template.id }, dan);
    expect((await getTemplate({ templateId: template.id }, cleo)).installs).toBe(before + 2);
    expect((await listInstalledTemplates(cleo)).map((t) => t.id)).toEqual([template.id]);
    expect((await search(cleo, "readability")).items.find((t) => t.id === template.id)?.installed).toBe(true);
    expect((await search(withScopes(admin, ["read:analysis"]), "readability")).items.find((t) => t.id === template.id)?.installed).toBe(false);

    await uninstallTemplate({ templateId: template.id }, cleo);
    expect(await listInstalledTemplates(cleo)).toEqual([]);
    expect((await getTemplate({ templateId: template.id }, cleo)).installs).toBe(before + 1);
    await expect(uninstallTemplate({ templateId: template.id }, cleo)).rejects.toMatchObject({ code: "not_found" });
    await expect(installTemplate({ templateId: "no-such-template" }, cleo)).rejects.toMatchObject({ code: "not_found", status: 404 });
  });
});

describe("writing templates", () => {
  let own: TemplateDto;
  beforeAll(async () => {
    own = await createTemplate(draft(), ada);
  });

  it("creates a draft only its author sees; publishing shows it to everyone", async () => {
    const eve = await newWriter("eve");
    expect(own).toMatchObject({ name: "Quiet Rooms", tags: ["silence"], version: 1, published: false, builtIn: false, author: { id: ada.userId } });
    await expect(getTemplate({ templateId: own.id }, eve)).rejects.toMatchObject({ code: "not_found" });
    await expect(installTemplate({ templateId: own.id }, eve)).rejects.toMatchObject({ code: "not_found" });
    expect(names(await search(ada, "quiet rooms"))).toEqual(["Quiet Rooms"]);
    expect((await search(eve, "quiet rooms")).items).toEqual([]);

    const published = await updateTemplate({ templateId: own.id, changes: { published: true } }, ada);
    expect(published).toMatchObject({ published: true, version: 1 });
    expect(names(await search(eve, "silence"))).toContain("Quiet Rooms");
  });

  it("lets only the author edit (each edit a new version); an admin may unpublish, not edit", async () => {
    const fay = await newWriter("fay");
    await expect(updateTemplate({ templateId: own.id, changes: { name: "Mine" } }, fay)).rejects.toMatchObject({ code: "forbidden", status: 403 });
    const edited = await updateTemplate({ templateId: own.id, changes: { summary: "Where talk stops", tags: ["hush"] } }, ada);
    expect(edited).toMatchObject({ summary: "Where talk stops", tags: ["hush"], version: 2 });
    expect(names(await search(fay, "hush"))).toEqual(["Quiet Rooms"]);
    expect((await search(fay, "silence")).items).toEqual([]);

    await expect(updateTemplate({ templateId: own.id, changes: { name: "Admin's" } }, admin)).rejects.toMatchObject({ code: "forbidden" });
    expect(await updateTemplate({ templateId: own.id, changes: { published: false } }, admin)).toMatchObject({ published: false, version: 2 });
    const builtIn = (await search(fay, "save the cat")).items[0]!;
    await expect(updateTemplate({ templateId: builtIn.id, changes: { published: false } }, fay)).rejects.toMatchObject({ code: "forbidden" });
    await expect(deleteTemplate({ templateId: builtIn.id }, admin)).rejects.toMatchObject({ code: "forbidden" });
    await expect(createTemplate(draft(), withScopes(ada, ["read:analysis"]))).rejects.toMatchObject({ code: "insufficient_scope" });
  });

  it("refuses an invalid definition with the path of the bad field", () => {
    const bad = createTemplateInput.safeParse({ ...draft(), definition: { sections: [{ id: "x", title: "X", probe: "horoscope", view: "table" }] } });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join("."))).toContain("definition.sections.0.probe");
  });

  it("deletes the author's template from every library", async () => {
    const gil = await newWriter("gil");
    const doomed = await createTemplate(draft({ name: "Doomed", published: true }), ada);
    await installTemplate({ templateId: doomed.id }, gil);
    await expect(deleteTemplate({ templateId: doomed.id }, gil)).rejects.toMatchObject({ code: "forbidden" });
    await deleteTemplate({ templateId: doomed.id }, ada);
    expect(await listInstalledTemplates(gil)).toEqual([]);
    await expect(getTemplate({ templateId: doomed.id }, ada)).rejects.toMatchObject({ code: "not_found" });
  });
});
