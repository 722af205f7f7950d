import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { outlineOf } from "./outline";
import { parseStoryDate } from "./schemas";
import { departuresOf, laneOf, storyOrderOf, type Placeable } from "./timeline-order";
import type { TimelineDto, TimelineItemDto } from "./timeline-schemas";

// GET /api/v1/books/{bookId}/timeline — scenes (and chapters without scenes) in story order beside
// reading order, read from the one plan (decision 0505): what the caller reads of the outline is
// what they read of the timeline.
export async function getTimeline(input: { bookId: string }, principal: Principal): Promise<TimelineDto> {
  authorize(principal, "plan.timeline");
  const book = await loadBook(principal, input.bookId, "plan.timeline");
  const outline = await outlineOf(sql, book, principal);

  // A chapter with scenes is told by its scenes; a chapter without is an item of its own.
  const withScenes = new Set(outline.items.filter((item) => item.kind === "scene").map((item) => item.chapterId));
  const partTitles = new Map(outline.items.filter((item) => item.kind === "part").map((item) => [item.id, item.title]));
  const chapterTitles = new Map(outline.items.filter((item) => item.kind === "chapter").map((item) => [item.id, item.title]));
  const items: TimelineItemDto[] = [];
  const places: Placeable[] = [];
  for (const item of outline.items) {
    if (item.kind === "part" || (item.kind === "chapter" && withScenes.has(item.id))) continue;
    const when = item.plan.storyDate === null ? null : parseStoryDate(item.plan.storyDate);
    const place: Placeable = { readingOrder: items.length + 1, storyDate: when?.date ?? null, storyDay: when?.day ?? null, storyTime: item.plan.storyTime };
    places.push(place);
    items.push({
      kind: item.kind,
      id: item.id,
      title: item.title,
      scenePosition: item.scenePosition,
      chapterId: item.chapterId!,
      chapterTitle: chapterTitles.get(item.chapterId!) ?? item.title,
      partId: item.partId,
      partTitle: item.partId === null ? null : (partTitles.get(item.partId) ?? null),
      readingOrder: place.readingOrder,
      storyDate: item.plan.storyDate,
      storyTime: item.plan.storyTime,
      lane: laneOf(place),
      storyOrder: null,
      departs: null,
      synopsis: item.plan.synopsis,
      status: item.plan.status,
      povId: item.plan.povId,
    });
  }

  // Each lane in story order, the date lane first; the departures are reckoned within each lane.
  const storyOrdered: TimelineItemDto[] = [];
  for (const lane of ["date", "day"] as const) {
    const inLane = storyOrderOf(places.filter((place) => laneOf(place) === lane));
    const departures = departuresOf(inLane);
    inLane.forEach((place, i) => {
      const item = items[place.readingOrder - 1]!;
      item.departs = departures[i]!;
      storyOrdered.push(item);
    });
  }
  storyOrdered.forEach((item, i) => (item.storyOrder = i + 1));

  const povIds = new Set(items.map((item) => item.povId).filter((id): id is string => id !== null));
  return {
    bookId: book.id,
    items,
    storyOrder: storyOrdered.map((item) => item.id),
    unplaced: items.filter((item) => item.lane === null).map((item) => item.id),
    characters: outline.characters.filter((character) => povIds.has(character.id)),
  };
}
