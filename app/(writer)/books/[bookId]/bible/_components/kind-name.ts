import { useTranslations } from "use-intl";
import type { BUILT_IN_KINDS } from "@/server/bible/schemas";

type BuiltInKind = (typeof BUILT_IN_KINDS)[number];
// The five kinds by name, typed against the server's list (a value import would bring zod to every bible page).
const BUILT_IN: readonly BuiltInKind[] = ["character", "place", "object", "group", "lore"];
const isBuiltIn = (kind: string): kind is BuiltInKind => (BUILT_IN as readonly string[]).includes(kind);

/**
 * An entry's kind as the page's language names it: the five built-in kinds from the catalog, a
 * kind the writer named (门派, spell) as they wrote it (decision 0512).
 */
export function useKindName(): (kind: string) => string {
  const t = useTranslations("bible.kind");
  return (kind) => (isBuiltIn(kind) ? t(kind) : kind);
}
