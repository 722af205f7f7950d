import { z } from "zod";

/** A file part of a multipart body, as its bytes (documents such as DOCX are not text). */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export const uploadedFile = z
  .custom<UploadedFile>((value) => typeof value === "object" && value !== null && (value as UploadedFile).bytes instanceof Uint8Array, "send a file part")
  .meta({ override: { type: "string", format: "binary" } });
