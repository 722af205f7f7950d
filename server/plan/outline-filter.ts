import type { OutlineFilters, PlanDto, PlanItemDto } from "./schemas";

/**
 * The outline's filters (decision 0500), pure so that the use case and the outline page filter
 * alike: an item matches when its own plan matches every filter given; each match keeps the part
 * and chapter above it, marked `matches: false`, so that it is seen where it stands.
 */
export function matchesFilters(plan: PlanDto, filters: OutlineFilters): boolean {
  if (filters.pov !== undefined && plan.povId !== filters.pov) return false;
  if (filters.plotline !== undefined && !plan.plotlineIds.includes(filters.plotline)) return false;
  if (filters.label !== undefined && !plan.labelIds.includes(filters.label)) return false;
  if (filters.status !== undefined && (plan.status ?? "none") !== filters.status) return false;
  return true;
}

export function filterOutline(items: PlanItemDto[], filters: OutlineFilters): PlanItemDto[] {
  if (Object.values(filters).every((value) => value === undefined)) return items;
  const matching = new Set(items.filter((item) => matchesFilters(item.plan, filters)).map((item) => `${item.kind}:${item.id}`));
  const context = new Set<string>();
  for (const item of items) {
    if (!matching.has(`${item.kind}:${item.id}`)) continue;
    if (item.kind !== "part" && item.partId) context.add(`part:${item.partId}`);
    if (item.kind === "scene" && item.chapterId) context.add(`chapter:${item.chapterId}`);
  }
  return items.flatMap((item): PlanItemDto[] => {
    const key = `${item.kind}:${item.id}`;
    if (matching.has(key)) return [{ ...item, matches: true }];
    return context.has(key) ? [{ ...item, matches: false }] : [];
  });
}
