import { z } from "zod";

/** The pictures a writer may upload (a bible entry's, a book's cover), as their bytes say. */
export const PICTURE_MEDIA_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export type PictureType = (typeof PICTURE_MEDIA_TYPES)[number];

/** The image type its first bytes say, or null: PNG, JPEG, WebP and GIF, by their magic numbers. */
export function sniffPicture(bytes: Uint8Array): PictureType | null {
  const starts = (...magic: number[]) => magic.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return "image/webp";
  return null;
}

/** The types as a writer knows them: "PNG, JPEG, WebP or GIF". */
export function pictureTypeNames(types: readonly PictureType[]): string {
  const names = types.map((type) => ({ "image/png": "PNG", "image/jpeg": "JPEG", "image/webp": "WebP", "image/gif": "GIF" })[type]);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names.join("");
}

/** A picture's file extension, for the name it is downloaded under. */
export const pictureExtension = (mediaType: string) => mediaType.slice("image/".length).replace("jpeg", "jpg");

/** A picture as an entry or a book names it: what it is, and where its bytes are. */
export const storedPictureSchema = z.object({
  mediaType: z.enum(PICTURE_MEDIA_TYPES),
  size: z.int().describe("bytes"),
  updatedAt: z.iso.datetime(),
  url: z.string().describe("GET it (read:books) for the bytes"),
});
export type StoredPicture = z.infer<typeof storedPictureSchema>;

/** The picture the row's columns describe, or null when it has none. */
export function storedPicture(columns: { mediaType: string | null; size: number | null; updatedAt: Date | null }, url: string): StoredPicture | null {
  const { mediaType, size, updatedAt } = columns;
  if (!mediaType || size === null || !updatedAt) return null;
  return { mediaType: mediaType as PictureType, size, updatedAt: updatedAt.toISOString(), url };
}
