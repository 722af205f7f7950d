import { AppError } from "../errors";

/** Reading an uploaded picture all the way through, for a worker thread (see server/workers). */
export type PictureTask = { op: "picture-read"; bytes: Uint8Array; what: string; maxPixels: number };

export interface PictureFacts {
  /** as sharp names it: png, jpeg, gif, webp … */
  format: string;
  width: number;
  height: number;
}

/**
 * The picture's size from its header, then every pixel decoded: a header that claims more pixels
 * than `maxPixels` is refused before any is decoded (a 30,000 × 30,000 PNG is 2.7 GB of pixels
 * in 3 MB of file), and bytes that do not decode to the end (a PNG signature followed by HTML)
 * are refused too. Decoding streams into a thumbnail, so memory stays small whatever the size.
 */
export async function performPictureTask(task: PictureTask): Promise<PictureFacts> {
  const { default: sharp } = await import("sharp");
  // One libvips thread and no cache: the worker is one task at a time, beside other writers' work.
  sharp.concurrency(1);
  sharp.cache(false);
  const unreadable = (why: string) => new AppError("corrupt_document", `${task.what} could not be read as an image: it is damaged or not what it claims to be (${why}).`);
  // The header alone, without sharp's own pixel limit: the size is told, not "exceeds pixel limit".
  const { format, width, height } = await sharp(task.bytes, { limitInputPixels: false })
    .metadata()
    .catch((error: Error) => Promise.reject(unreadable(error.message)));
  if (!format || !width || !height) throw unreadable("it names no size");
  if (width * height > task.maxPixels) {
    throw new AppError("payload_too_large", `${task.what} can be at most ${task.maxPixels / 1_000_000} megapixels; this one is ${width} × ${height}.`, {
      maxPixels: task.maxPixels,
      width,
      height,
    });
  }
  await sharp(task.bytes, { limitInputPixels: task.maxPixels, sequentialRead: true, failOn: "error" })
    .resize(64, 64, { fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer()
    .catch((error: Error) => Promise.reject(unreadable(error.message)));
  return { format, width, height };
}
