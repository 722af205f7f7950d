import { z } from "zod";
import { BUILT_IN_TEMPLATES, PROBES } from "@/server/analysis/engine";
import type { ProbeChoice } from "./template-editor";

/** The parameter names a probe takes, read from its schema (the engine wraps it, so look inside). */
function parameterNames(schema: z.ZodType): string[] {
  try {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, unknown> };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

/** Every probe, with the parameters a built-in template gives it as the example to start from. */
export function probeChoices(): ProbeChoice[] {
  const examples = new Map<string, unknown>();
  for (const template of BUILT_IN_TEMPLATES) {
    for (const section of template.definition.sections) if (!examples.has(section.probe)) examples.set(section.probe, section.params ?? {});
  }
  return PROBES.map((probe) => ({
    id: probe.id,
    name: probe.name,
    description: probe.description,
    views: [...probe.views],
    parameters: parameterNames(probe.params as z.ZodType),
    example: JSON.stringify(examples.get(probe.id) ?? {}, null, 2),
  }));
}
