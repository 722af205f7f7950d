import { z } from "zod";
import { PROBES, type ProbeId } from "./probe-specs";
import { viewSchema, type View } from "./report";
import { knownKeys, slugSchema } from "./schema-helpers";

export interface TemplateSection {
  id: string;
  title: string;
  probe: ProbeId;
  /** Checked against the probe's own parameter schema, defaults filled in. */
  params: Record<string, unknown>;
  view: View;
}
export interface TemplateDefinition {
  sections: TemplateSection[];
}
export type TemplateDefinitionInput = {
  sections: (Omit<TemplateSection, "params"> & { params?: Record<string, unknown> })[];
};

function sectionSchema(probe: (typeof PROBES)[number]) {
  const params = probe.params as z.ZodType<Record<string, unknown>>;
  const fields: z.ZodType<{ view: View }> = knownKeys(
    {
      id: slugSchema,
      title: z.string().trim().min(1).max(120),
      probe: z.literal(probe.id),
      // Left out, params are the probe's defaults; a probe that needs some (structure's beats)
      // has no such default, and the OpenAPI document must not offer one that fails its schema.
      params: params.safeParse({}).success ? params.prefault({}) : params,
      view: viewSchema,
    },
    "section field",
  );
  return fields.superRefine((section, context) => {
    if (!probe.views.includes(section.view)) {
      context.addIssue({ code: "custom", path: ["view"], message: `The "${probe.id}" probe is shown as ${probe.views.join(", ")}` });
    }
  });
}

/**
 * A section: one probe with its parameters, and how to show its result. The probe picks the
 * parameter schema, so an unknown probe fails at `sections.N.probe` and an unknown parameter at
 * `sections.N.params.NAME`.
 */
const templateSectionSchema = z.discriminatedUnion(
  "probe",
  PROBES.map(sectionSchema) as unknown as [z.ZodObject<{ probe: z.ZodLiteral<string> }>],
) as unknown as z.ZodType<TemplateSection, TemplateDefinitionInput["sections"][number]>;

/** A template's definition: its sections, in order, each with an id unique in the template. */
export const templateDefinitionSchema = knownKeys({
  sections: z.array(templateSectionSchema).min(1).max(30),
}).superRefine((definition, context) => {
  const seen = new Set<string>();
  definition.sections.forEach((section, index) => {
    if (seen.has(section.id)) {
      context.addIssue({ code: "custom", path: ["sections", index, "id"], message: `Section id "${section.id}" is used twice` });
    }
    seen.add(section.id);
  });
}) as z.ZodType<TemplateDefinition, TemplateDefinitionInput>;
