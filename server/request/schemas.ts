import { z } from "zod";

/** A file part of a multipart body, as its bytes (documents such as DOCX are not text). */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export const uploadedFile = z
  .custom<UploadedFile>((value) => typeof value === "object" && value !== null && (value as UploadedFile).bytes instanceof Uint8Array, "send a file part")
  .meta({ override: { type: "string", format: "binary" } });

/**
 * Whether a body attribute is a file part: `uploadedFile`, however refined, described or made
 * optional (its metadata goes with it). JSON cannot carry one, so the OpenAPI document leaves such
 * attributes out of a body's JSON.
 */
export function isFilePart(schema: z.ZodType): boolean {
  const inner = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
  const override = z.globalRegistry.get(inner)?.override as { format?: string } | undefined;
  return typeof override === "object" && override.format === "binary";
}
