// @module-tag postgres
import { describe, expect, it } from "vitest";
import { SEARCH_CANDIDATES, searchTemplates, templatesCollection } from "@/server/analysis/search-templates";
import { searchTextOf } from "@/server/analysis/search-text";
import { defaultCollectionOptions } from "@/server/collections";
import { sql } from "@/server/db";
import { newId } from "@/server/sql/values";
import { newWriter } from "../support/principals";

describe("searching more templates than search ranks", () => {
  it("counts every match in the total, and pages only the ranked ones", async () => {
    const ada = await newWriter("many-ada");
    const { definition } = await sql.selectFrom("AnalysisTemplate").select("definition").limit(1).executeTakeFirstOrThrow();
    const matches = SEARCH_CANDIDATES + 5;
    // Drafts of her own, so they are hers to find; many at once, as the use case would make them one by one.
    const now = new Date();
    const rows = Array.from({ length: matches }, (_, i) => {
      const name = `Zephyrine study ${i}`;
      return { id: newId(), slug: `zephyrine-${i}`, name, category: "style", definition, authorId: ada.userId, searchText: searchTextOf({ name, summary: "", tags: [] }), createdAt: now, updatedAt: now };
    });
    // In slices: SQLite takes at most 32,766 bound parameters in one statement.
    for (let i = 0; i < rows.length; i += 500) await sql.insertInto("AnalysisTemplate").values(rows.slice(i, i + 500)).execute();
    const search = (page: number) => searchTemplates({ ...defaultCollectionOptions(templatesCollection), q: "zephyrine", page, perPage: 100 }, ada);

    const first = await search(1);
    expect(first.total).toBe(matches);
    expect(first.items).toHaveLength(100);
    expect((await search(SEARCH_CANDIDATES / 100)).items).toHaveLength(100);
    // docs/api.md: only the 1,000 most installed matches are ranked; a narrower query reaches the rest.
    expect((await search(SEARCH_CANDIDATES / 100 + 1)).items).toEqual([]);
    const narrower = await searchTemplates({ ...defaultCollectionOptions(templatesCollection), q: "zephyrine 1004" }, ada);
    expect(narrower.items.map((t) => t.name)).toEqual(["Zephyrine study 1004"]);
  });
});
