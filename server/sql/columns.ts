/** Prisma's `select` for a list of columns, so each read shape is written once for both clients. */
export function selectOf<const C extends readonly string[]>(columns: C): { [K in C[number]]: true } {
  return Object.fromEntries(columns.map((column) => [column, true])) as { [K in C[number]]: true };
}
