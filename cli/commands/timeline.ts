import type { Command } from "commander";
import { timelineSchema, type TimelineItemDto } from "../../server/plan/timeline-schemas";
import { context } from "../context";
import { printRows } from "../output";
import { sceneTitle } from "../scene-title";

// The timeline (issue 35 item 3, decision 0505): a book's scenes, and its chapters without scenes,
// in story order beside reading order.
const DEPARTURE = { flashback: "flashback", flashForward: "flash-forward" } as const;

export function registerTimeline(program: Command): void {
  program
    .command("timeline <bookId>")
    .description(
      "a book's scenes (and chapters without scenes) in story order, each with its place in reading order; flashbacks and flash-forwards marked; calendar dates first, invented-calendar days after, items without a story date last",
    )
    .action(async (bookId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const timeline = await client.data("GET", `/api/v1/books/${encodeURIComponent(bookId)}/timeline`, {}, timelineSchema);
      const byId = new Map(timeline.items.map((item) => [item.id, item]));
      const rows = [...timeline.storyOrder, ...timeline.unplaced].map((id) => byId.get(id)!);
      const names = new Map(timeline.characters.map((character) => [character.id, character.name]));
      printRows<TimelineItemDto>(
        json,
        rows,
        [
          { heading: "story", value: (item) => (item.storyOrder === null ? "—" : String(item.storyOrder)) },
          { heading: "reading", value: (item) => String(item.readingOrder) },
          { heading: "when", value: (item) => (item.storyDate === null ? "not placed in time" : [item.storyDate, item.storyTime].filter(Boolean).join(" ")) },
          { heading: "told", value: (item) => (item.departs ? DEPARTURE[item.departs] : "") },
          { heading: "kind", value: (item) => item.kind },
          { heading: "title", value: (item) => (item.kind === "scene" ? sceneTitle(item.title, item.scenePosition) : item.title) },
          { heading: "chapter", value: (item) => (item.kind === "scene" ? item.chapterTitle : "") },
          { heading: "pov", value: (item) => (item.povId ? (names.get(item.povId) ?? "?") : "") },
          { heading: "id", value: (item) => item.id },
        ],
        "This book has no chapters yet.",
      );
    });
}
