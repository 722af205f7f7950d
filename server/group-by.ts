/**
 * Items grouped by a key, in their order, each group built by pushing: spreading a group into a new
 * array for every item copies it again each time, quadratic in a group's size (a chapter of
 * thousands of scenes, a part of thousands of chapters). Node 20 has no Map.groupBy.
 */
export function groupBy<T, K, V = T>(items: Iterable<T>, keyOf: (item: T) => K, valueOf: (item: T) => V = (item) => item as unknown as V): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(valueOf(item));
    else groups.set(key, [valueOf(item)]);
  }
  return groups;
}
