// @module-tag shared
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analysisReportSchema, analyzeBookWithTemplates, type TemplateDefinitionInput } from "@/server/analysis/engine";
import { cpuMark, cpuMsSince } from "../support/cpu-time";

// Issue 20 §2: the new reports read quotes, tags, names and terms, the places a quadratic scan
// hides (a quote looked for again from every mark, a tag window that grows with the paragraph).
// In the style of analysis-engine-pathological.test.ts: text made to hurt, CPU time bounded.

const SIZE = 200_000;
/** CPU time, not wall-clock time: the machine running the tests may be shared. */
const BUDGET_MS = 3_000;

const PIECES = [
  "“",
  "”",
  '"',
  "'",
  "「",
  "『",
  " ",
  "\n\n",
  "a",
  "“a” said Anna, “a” ",
  "Anna said, “",
  "” said he quietly ",
  "玄德曰：“",
  "”孔明笑道。",
  "林风冷冷地说：“",
  "他问：",
  "ring ",
  "玉佩",
  "thought felt very really slowly ",
  "的了着不由得倒吸一口凉气",
  "?!…",
  "。！？",
  "happy not terrible ",
  "高兴不可怕",
  `${"a".repeat(5_000)} `,
  `“${"b".repeat(5_000)}`,
];

const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

const text = fc.oneof(
  fc.array(fc.record({ piece: fc.constantFrom(...PIECES), share: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 4 }).map((runs) => {
    const shares = runs.reduce((sum, run) => sum + run.share, 0);
    return runs.map((run) => fill(run.piece, Math.floor((SIZE * run.share) / shares))).join("");
  }),
  fc.array(fc.constantFrom(...PIECES), { minLength: 2, maxLength: 8 }).map((pieces) => fill(pieces.join(""), SIZE)),
);

const names = fc.array(fc.constantFrom("Anna", "a", "林", "林风", "玄德|刘备", "孔明", "he", "“", "ring|Ring", "玉佩"), { maxLength: 5 });

/** Every new probe, with the parameters that make it work hardest. */
const everyReport: TemplateDefinitionInput = {
  sections: [
    { id: "ends", title: "Ends", probe: "chapter-ends", view: "bar", params: { lastSentences: 20, shortSentence: 100 } },
    { id: "pacing", title: "Pacing", probe: "pacing", view: "heatmap", params: { talkingHeads: 2, introspection: 5, stretches: 50 } },
    { id: "speakers", title: "Speakers", probe: "speakers", view: "bar", params: { top: 200 } },
    { id: "tags", title: "Tags", probe: "speakers", view: "table", params: { list: "tags", top: 200 } },
    { id: "overuse", title: "Overuse", probe: "overuse", view: "bar", params: { top: 50 } },
    { id: "timeline", title: "Timeline", probe: "term-timeline", view: "heatmap", params: { maxUses: 1000, terms: ["a", "the a"] } },
    { id: "emotion", title: "Emotion", probe: "emotion", view: "line" },
  ],
};

describe("the reports on pathological text", () => {
  it("run in bounded time on text made of quotes, tags, names and terms", async () => {
    await fc.assert(
      fc.asyncProperty(text, names, names, async (content, characters, terms) => {
        const book = {
          title: "Pathological",
          chapters: [
            { id: "long", title: "One", content },
            { id: "short", title: "Two", content: "“Hello,” said Anna. 玄德曰：“玉佩何在？”" },
          ],
        };
        const cpu = cpuMark();
        const [report] = await analyzeBookWithTemplates([everyReport], book, { characters, terms });
        analysisReportSchema.parse(report);
        expect(cpuMsSince(cpu), `${JSON.stringify(content.slice(0, 60))}… with ${JSON.stringify({ characters, terms })}`).toBeLessThan(BUDGET_MS);
      }),
      { seed: 20, numRuns: 16, endOnFailure: true, examples: [
          [fill("“a” said Anna, “a” ", SIZE), ["Anna"], ["a"]],
          [fill("玄德曰：“", SIZE), ["玄德|刘备", "林"], ["玉佩"]],
          // Titled names that share a surname, each mention read back for the title before it.
          [fill("Mrs Anna said “a”. Anna, Mr. Anna ", SIZE), ["Mr. Anna", "Mrs. Anna"], ["Anna"]],
        ],
      },
    );
  }, 180_000);

  it("credit the speakers of one paragraph of 44,000 quotes, a name beside each, in bounded time", async () => {
    // The names outside the quotes were found by checking every name against every quote: 2.8 s
    // at 200 KB, four times that at 400 KB; one pass over both takes a fraction of a second.
    const content = fill("Anna “a” ", 2 * SIZE);
    const cpu = cpuMark();
    const [report] = await analyzeBookWithTemplates([{ sections: [everyReport.sections[2]!] }], { title: "Quotes", chapters: [{ id: "one", title: "One", content }] }, { characters: ["Anna"] });
    expect(report!.sections[0]!.table.rows[0]).toMatchObject({ speaker: "Anna" });
    expect(cpuMsSince(cpu)).toBeLessThan(BUDGET_MS);
  }, 60_000);
});
