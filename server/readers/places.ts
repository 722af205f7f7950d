import { sql } from "../db";
import type { PlaceDto } from "./schemas";

/** A reader's places in a snapshot's chapters, by chapter id. */
export async function placesOf(snapshotId: string, userId: string): Promise<Map<string, PlaceDto & { at: Date }>> {
  const rows = await sql
    .selectFrom("ReadingPlace")
    .select(["chapterId", "paragraph", "finishedAt", "updatedAt"])
    .where("snapshotId", "=", snapshotId)
    .where("userId", "=", userId)
    .execute();
  return new Map(rows.map((row) => [row.chapterId, { paragraph: row.paragraph, finished: row.finishedAt !== null, updatedAt: row.updatedAt.toISOString(), at: row.updatedAt }]));
}

export function placeDto(place: (PlaceDto & { at?: Date }) | undefined): PlaceDto | null {
  if (!place) return null;
  return { paragraph: place.paragraph, finished: place.finished, updatedAt: place.updatedAt };
}
