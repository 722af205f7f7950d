import type { Principal } from "../auth/principal";
import { selectTemplateSummaries, visibleTo } from "../analysis/templates";

/**
 * The templates a writer may apply as a beat plan: those they may see whose definition holds a
 * structure (beat sheet) section, built-ins first, by name. What the page offers (naming a built-in
 * one in its language by its slug); the API and the CLI name a template directly (an id or a
 * built-in's slug) and are told when it has no beat sheet.
 */
export async function beatTemplates(principal: Principal): Promise<{ id: string; slug: string; name: string; builtIn: boolean }[]> {
  const rows = await selectTemplateSummaries().where(visibleTo(principal)).orderBy("AnalysisTemplate.builtIn", "desc").orderBy("AnalysisTemplate.name").execute();
  return rows
    .filter((row) => ((JSON.parse(row.definition) as { sections?: { probe?: string }[] }).sections ?? []).some((section) => section.probe === "structure"))
    .map((row) => ({ id: row.id, slug: row.slug, name: row.name, builtIn: Boolean(row.builtIn) }));
}
