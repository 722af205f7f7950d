// @module-tag shared
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { analysisReportSchema, analyzeBookWithTemplates, BUILT_IN_TEMPLATES, type TemplateDefinitionInput } from "@/server/analysis/engine";
import { cpuMark, cpuMsSince } from "../support/cpu-time";

// Issue 16, item 6: analysis did quadratic work (mention overlap checks, inline Markdown patterns
// tried again from every opening mark), so 400 KB of `a a a …` with one name held a server for
// minutes. Every probe, through every built-in template, must stay linear on text made to hurt.

const SIZE = 200_000;
/** CPU time, not wall-clock time: the machine running the tests may be shared. Linear work on 200 KB takes well under a second. */
const BUDGET_MS = 3_000;

const MARKS = ['"', "'", "“", "”", "「", "」", "*", "_", "#", ">", ".", "!", "?", "。", "！", " ", "\n", "a"];
const PIECES = [
  ...MARKS,
  "a ",
  "A. ",
  "林风说：“你好。”",
  "他看着林小风，笑了。对林风",
  `${"a".repeat(5_000)}\n`,
  "Anna ",
  "Ann Anna Annabel ",
  "林风林风林",
  "# a ",
  "[a](",
  "](",
  "![",
  "<a",
  "<!--",
  "`",
  "~~",
  "\\",
];

const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** Long runs of one mark or piece, or a short mix of pieces repeated, about SIZE characters in all. */
const text = fc.oneof(
  fc.array(fc.record({ piece: fc.constantFrom(...PIECES), share: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 4 }).map((runs) => {
    const shares = runs.reduce((sum, run) => sum + run.share, 0);
    return runs.map((run) => fill(run.piece, Math.floor((SIZE * run.share) / shares))).join("");
  }),
  fc.array(fc.constantFrom(...PIECES), { minLength: 2, maxLength: 8 }).map((pieces) => fill(pieces.join(""), SIZE)),
);

/** A few names, some substrings of others, some with aliases. */
const characters = fc.array(
  fc.array(fc.constantFrom("a", "A", "a a", "a a a", "Ann", "Anna", "Annabel", "Ann Anna", "林", "林风", "风", "林小风", '"', "。", "*"), { minLength: 1, maxLength: 3 }).map((aliases) => aliases.join("|")),
  { maxLength: 5 },
);

/** Every probe once more, with the parameters that make it work hardest. */
const everyProbeAtItsHardest: TemplateDefinitionInput = {
  sections: [
    { id: "phrases", title: "Phrases", probe: "frequency", view: "table", params: { kind: "phrases", phraseLength: 6, includeStopWords: true, top: 200 } },
    { id: "echoes", title: "Echoes", probe: "echoes", view: "table", params: { n: 5, window: 5000, top: 200, minLength: 1 } },
    { id: "candidates", title: "Candidates", probe: "characters", view: "table", params: { maxCandidates: 50, minMentions: 1 } },
    { id: "pairs", title: "Pairs", probe: "cooccurrence", view: "table", params: { maxCandidates: 50, minMentions: 1 } },
  ],
};
const definitions = [...BUILT_IN_TEMPLATES.map((template) => template.definition), everyProbeAtItsHardest];

describe("the analysis engine on pathological text", () => {
  it("runs every probe of every built-in template in bounded time, and fails only on invalid input", async () => {
    await fc.assert(
      fc.asyncProperty(text, characters, async (content, names) => {
        const book = {
          title: "Pathological",
          chapters: [
            { id: "long", title: "<b>One</b>", content },
            { id: "short", title: "Two", content: "Anna met Ann. “Hello,” said 林风。" },
          ],
        };
        const cpu = cpuMark();
        try {
          const reports = await analyzeBookWithTemplates(definitions, book, { characters: names });
          for (const report of reports) analysisReportSchema.parse(report);
        } catch (error) {
          // A name the run's parameters refuse (none here should be) is the only failure allowed.
          expect(error).toBeInstanceOf(z.ZodError);
        }
        expect(cpuMsSince(cpu), `${JSON.stringify(content.slice(0, 60))}… with ${JSON.stringify(names)}`).toBeLessThan(BUDGET_MS);
      }),
      // The issue's own attack first: it alone held the server for 5.5 minutes.
      { seed: 16, numRuns: 24, endOnFailure: true, examples: [[fill("a ", SIZE), ["a"]]] },
    );
  }, 180_000);
});
