import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

// axe runs inside the page as an injected script, which the pages' script policy would refuse: a
// spec that calls it sets `test.use({ bypassCSP: true })`.
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeResult {
  violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[];
}

/** axe-core's violations of the rules named, within the element `include` selects. */
export async function axe(page: Page, include: string, rules: string[]): Promise<AxeResult["violations"]> {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(
    ([context, ids]) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResult> } }).axe.run(
        { include: [[context]] },
        { runOnly: { type: "rule", values: ids } },
      ),
    [include, rules] as const,
  );
  return result.violations;
}
