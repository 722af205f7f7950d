// @module-tag shared
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  analysisReportSchema,
  analyzeBook,
  analyzeBookWithTemplates,
  BUILT_IN_TEMPLATES,
  PROBES,
  runParametersSchema,
  templateDefinitionSchema,
} from "@/server/analysis/engine";
import { chineseBook, englishBook } from "../fixtures/analysis/books";

const section = (overrides: Record<string, unknown> = {}) => ({ id: "one", title: "One", probe: "counts", view: "bar", ...overrides });

/** The path and message of every issue, as the API's 422 reports them. */
function issues(input: unknown, schema: z.ZodType = templateDefinitionSchema) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

describe("template definitions", () => {
  it("accept a valid definition and fill in each probe's defaults", () => {
    const parsed = templateDefinitionSchema.parse({ sections: [section({ probe: "chapter-lengths" }), section({ id: "two", probe: "dialogue", view: "line", params: { chapters: { to: 3 } } })] });
    expect(parsed.sections.map((s) => s.params)).toEqual([{ outlierZ: 1.5 }, { chapters: { to: 3 } }]);
  });

  it("refuse an unknown probe at sections.N.probe", () => {
    expect(issues({ sections: [section(), section({ id: "two", probe: "sentiment" })] })).toEqual([
      { path: "sections.1.probe", message: expect.stringContaining("Invalid") },
    ]);
  });

  it("refuse an unknown parameter at sections.N.params.NAME", () => {
    expect(issues({ sections: [section({ params: { colour: "red" } })] })).toEqual([{ path: "sections.0.params.colour", message: 'Unknown parameter "colour"' }]);
    expect(issues({ sections: [section({ params: { chapters: { first: 3 } } })] })).toEqual([
      { path: "sections.0.params.chapters.first", message: 'Unknown parameter "first"' },
    ]);
  });

  it("refuse a parameter of the wrong type or out of range at its path", () => {
    expect(issues({ sections: [section({ probe: "chapter-lengths", params: { outlierZ: "high" } })] })[0]!.path).toBe("sections.0.params.outlierZ");
    expect(issues({ sections: [section({ probe: "frequency", params: { top: 1000 } })] })[0]!.path).toBe("sections.0.params.top");
    expect(issues({ sections: [section({ params: { chapters: { from: 4, to: 2 } } })] })[0]!.path).toBe("sections.0.params.chapters.to");
    expect(issues({ sections: [section({ probe: "structure", view: "beats", params: {} })] })[0]!.path).toBe("sections.0.params.beats");
    expect(issues({ sections: [section({ probe: "structure", view: "beats", params: { beats: [{ name: "Midpoint", target: 50, at: 3 }] } })] })).toEqual([
      { path: "sections.0.params.beats.0.at", message: 'Unknown parameter "at"' },
    ]);
    expect(issues({ sections: [section({ probe: "structure", view: "beats", params: { beats: [{ name: "Late", target: 120 }] } })] })[0]!.path).toBe(
      "sections.0.params.beats.0.target",
    );
  });

  it("refuse a view the probe cannot draw, an unknown section field, a bad or repeated id", () => {
    expect(issues({ sections: [section({ view: "beats" })] })).toEqual([{ path: "sections.0.view", message: 'The "counts" probe is shown as bar, line, table' }]);
    expect(issues({ sections: [section({ view: "pie" })] })[0]!.path).toBe("sections.0.view");
    expect(issues({ sections: [section({ colour: "red" })] })).toEqual([{ path: "sections.0.colour", message: 'Unknown section field "colour"' }]);
    expect(issues({ sections: [section({ id: "Not a slug" })] })[0]!.path).toBe("sections.0.id");
    expect(issues({ sections: [section(), section()] })).toEqual([{ path: "sections.1.id", message: 'Section id "one" is used twice' }]);
    expect(issues({ sections: [] })[0]!.path).toBe("sections");
    expect(issues({ sections: [section()], extra: 1 })).toEqual([{ path: "extra", message: 'Unknown field "extra"' }]);
  });

  it("convert to JSON Schema, for the OpenAPI document and the template editor", () => {
    expect(() => z.toJSONSchema(templateDefinitionSchema, { io: "input" })).not.toThrow();
    for (const probe of PROBES) expect(() => z.toJSONSchema(probe.params, { io: "input" })).not.toThrow();
  });
});

describe("run parameters", () => {
  it("take character names and refuse anything else by name", () => {
    expect(runParametersSchema.parse({ characters: [" Anna ", "Ben|Benjamin"] })).toEqual({ characters: ["Anna", "Ben|Benjamin"] });
    expect(issues({ colour: "red" }, runParametersSchema)).toEqual([{ path: "colour", message: 'Unknown parameter "colour"' }]);
    expect(issues({ characters: "Anna" }, runParametersSchema)[0]!.path).toBe("characters");
    expect(issues({ characters: [""] }, runParametersSchema)[0]!.path).toBe("characters.0");
  });

  it("are checked when a template runs", async () => {
    await expect(analyzeBook({ sections: [section()] } as never, englishBook, { colour: "red" })).rejects.toThrow(/colour/);
  });
});

describe("the built-in templates", () => {
  it("are at least twelve, with unique slugs, and include the ones the issue names", () => {
    expect(BUILT_IN_TEMPLATES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(BUILT_IN_TEMPLATES.map((t) => t.slug)).size).toBe(BUILT_IN_TEMPLATES.length);
    const names = BUILT_IN_TEMPLATES.map((t) => t.name).join(" | ");
    for (const name of [/Three-Act/, /Save the Cat/, /Hero's Journey/, /Kishōtenketsu/, /起承转合/, /黄金三章/, /Pacing/, /Dialogue/, /Readability/, /Style fingerprint/, /Character presence/, /Chapter length/, /Word echoes/]) {
      expect(names).toMatch(name);
    }
  });

  it("hold Save the Cat's 15 beats and the Hero's Journey's 12 stages", () => {
    const beatsOf = (slug: string) => {
      const sections = templateDefinitionSchema.parse(BUILT_IN_TEMPLATES.find((t) => t.slug === slug)!.definition).sections;
      return (sections.find((s) => s.probe === "structure")!.params.beats as unknown[]).length;
    };
    expect(beatsOf("save-the-cat")).toBe(15);
    expect(beatsOf("heros-journey")).toBe(12);
    expect(beatsOf("kishotenketsu")).toBe(4);
  });

  it("validate, and run on the English and the Chinese book into reports that match the contract", async () => {
    for (const book of [englishBook, chineseBook]) {
      const reports = await analyzeBookWithTemplates(
        BUILT_IN_TEMPLATES.map((t) => t.definition),
        book,
      );
      reports.forEach((report, index) => {
        const template = BUILT_IN_TEMPLATES[index]!;
        expect(templateDefinitionSchema.safeParse(template.definition).success, template.slug).toBe(true);
        expect(analysisReportSchema.parse(report)).toEqual(report);
        expect(report.sections.length, template.slug).toBe(template.definition.sections.length);
        for (const result of report.sections) {
          expect(result.summary.length, `${template.slug}/${result.id}`).toBeGreaterThan(0);
          expect(result.table.columns.length, `${template.slug}/${result.id}`).toBeGreaterThan(0);
          if (result.view !== "table") expect(result.chart?.type, `${template.slug}/${result.id}`).toBe(result.view);
        }
      });
    }
  });

  it("read only the first three chapters for 黄金三章", async () => {
    const fourChapters = { title: "四章", chapters: [...chineseBook.chapters, { id: "zh-4", title: "第四章", content: "很久以后。" }] };
    const golden = BUILT_IN_TEMPLATES.find((t) => t.slug === "golden-three-chapters")!;
    const report = await analyzeBook(golden.definition, fourChapters);
    expect(report.sections[0]!.table.rows.map((row) => row.words)).toEqual([54, 32, 17, 103]);
  });
});
