import { z } from "zod";

/**
 * An object schema that refuses unknown keys with an issue whose path names the key
 * (`params.colour`), where a strict object would point only at the object, so the API's 422 says
 * which field is wrong. (A catch-all plus a refinement, not a preprocess, so it still converts to
 * JSON Schema for the OpenAPI document and the template editor.)
 */
export function knownKeys<Shape extends z.ZodRawShape>(shape: Shape, what = "field") {
  const schema = z
    .object(shape)
    .catchall(z.unknown())
    .superRefine((value, context) => {
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(shape, key)) context.addIssue({ code: "custom", path: [key], message: `Unknown ${what} "${key}"` });
      }
    });
  return schema as unknown as z.ZodType<z.output<z.ZodObject<Shape>>, z.input<z.ZodObject<Shape>>>;
}

export const slugSchema = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens");

/** A character's name, with any other names they go by after `|`: "Elizabeth|Lizzy". */
export const characterNameSchema = z.string().trim().min(1).max(200);
