import { z } from "zod";
import { pictureTypeNames, type PictureType } from "../../pictures/schemas";
import { uploadedFile } from "../../request/schemas";

/**
 * The body of a picture's PUT (an entry's, a book's cover): a multipart `file`. Its limit leaves
 * room for the multipart envelope around a picture of `maxBytes`; the use case answers 413 past
 * `maxBytes` itself.
 */
export function pictureUpload(id: string, maxBytes: number, accepted: readonly PictureType[]) {
  const schema = z.strictObject({ file: uploadedFile.describe(`a ${pictureTypeNames(accepted)} image of at most ${maxBytes / 1024 / 1024} MiB`) }).meta({ id });
  return { schema, maxBytes: maxBytes + 64 * 1024, multipart: "binary" as const };
}

/**
 * A picture's GET takes `v`, any value, which the pages set to the picture's updatedAt: its URL
 * changes when the picture does, so a browser never shows one it kept from before.
 */
export const pictureQuery = z.object({ v: z.string().max(64).optional().describe("any value (the pages send the picture's updatedAt): a key for the browser's cache") });
