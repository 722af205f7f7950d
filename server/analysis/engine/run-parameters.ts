import { z } from "zod";
import { characterNameSchema, knownKeys } from "./schema-helpers";

/** What a writer may give when running a template on a book. */
export const runParametersSchema = knownKeys(
  {
    /** Characters to follow, added to any the template names. */
    characters: z.array(characterNameSchema).max(50).optional(),
    /** Words, names or objects to trace through the book (`ring|the Ring` counts both under the first). */
    terms: z.array(characterNameSchema).max(20).optional(),
  },
  "parameter",
);
export type RunParameters = z.output<typeof runParametersSchema>;
