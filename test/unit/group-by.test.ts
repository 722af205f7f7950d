// @module-tag shared
import { describe, expect, it } from "vitest";
import { groupBy } from "@/server/group-by";
import { cpuMark, cpuMsSince } from "../support/cpu-time";
import { BUDGET_MS } from "../support/pathological";

// The grouping the outline (scenes by chapter), the plan (links by plan) and the contents (chapters
// by part) share: in order, and linear in a group's size, where spreading each group anew was quadratic.
describe("groupBy", () => {
  it("keeps the items' order within each group, mapped as asked", () => {
    const groups = groupBy([{ k: "a", v: 1 }, { k: "b", v: 2 }, { k: "a", v: 3 }], (item) => item.k, (item) => item.v);
    expect([...groups]).toEqual([["a", [1, 3]], ["b", [2]]]);
  });

  it("groups 200,000 items of one key (a chapter of that many scenes) within the CPU budget", () => {
    const items = Array.from({ length: 200_000 }, (_, i) => ({ chapterId: "one", i }));
    const mark = cpuMark();
    const groups = groupBy(items, (item) => item.chapterId);
    expect(cpuMsSince(mark)).toBeLessThan(BUDGET_MS);
    expect(groups.get("one")).toHaveLength(200_000);
  });
});
