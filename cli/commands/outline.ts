import type { Command } from "commander";
import { z } from "zod";
import {
  createLabelInput,
  createPlotlineInput,
  labelSchema,
  outlineQuery,
  outlineSchema,
  PLAN_STATUSES,
  plotlineSchema,
  updatedPlanSchema,
  updateLabelInput,
  updatePlanInput,
  updatePlotlineInput,
  type LabelDto,
  type OutlineDto,
  type PlanItemDto,
  type PlotlineDto,
  type UpdatePlanInput,
} from "../../server/plan/schemas";
import type { ApiClient } from "../client";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printResult, printRows } from "../output";
import { sceneTitle } from "../scene-title";

// The plan of a book and its outline, plotlines and labels: issue 35 items 2 and 3 (decision 0500).
const bookPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}`;
const KINDS = { part: "parts", chapter: "chapters", scene: "scenes" } as const;
type Kind = keyof typeof KINDS;

async function readOutline(client: ApiClient, bookId: string, query: Record<string, string> = {}): Promise<OutlineDto> {
  const search = new URLSearchParams(query).toString();
  return client.data("GET", `${bookPath(bookId)}/plan${search ? `?${search}` : ""}`, {}, outlineSchema);
}

/** A character, plotline or label named by its id or its name (case aside), as the outline lists them. */
function named<T extends { id: string; name: string }>(list: T[], which: string, what: string, bookId: string): T {
  const found = list.find((x) => x.id === which) ?? list.find((x) => x.name.toLowerCase() === which.toLowerCase());
  if (!found) throw new CliError(`this book has no ${what} ${which}; inkstone outline ${bookId} --json lists its ${what}s`);
  return found;
}

/** An item's title; an untitled scene is "Scene N". */
const titleOf = (item: Pick<PlanItemDto, "kind" | "title" | "scenePosition">) => (item.kind === "scene" ? sceneTitle(item.title, item.scenePosition) : item.title);

/** An item named by its id, its title, or (a part or chapter) its number in reading order: 3 is the third chapter. */
function itemOf(outline: OutlineDto, kind: Kind, which: string, bookId: string): PlanItemDto {
  const ofKind = outline.items.filter((item) => item.kind === kind);
  const found =
    ofKind.find((item) => item.id === which) ??
    (/^\d+$/.test(which) && kind !== "scene" ? ofKind[Number(which) - 1] : undefined) ??
    ofKind.find((item) => titleOf(item) === which);
  if (!found) throw new CliError(`this book has no ${kind} ${which}; inkstone outline ${bookId} shows them`);
  return found;
}

const list = (text: string) => text.split(",").map((part) => part.trim()).filter(Boolean);
const orNull = (text: string) => (text === "none" ? null : text);

function words(item: PlanItemDto): string {
  const done = String(item.wordCount);
  return item.plan.targetWords === null ? done : `${done}/${item.plan.targetWords}`;
}

export function registerOutline(program: Command): void {
  const outline = program.command("outline").description("a book's plan as an outline: parts, chapters and scenes with synopsis, POV, status, labels, plotlines, words against target; set one item's plan");

  outline
    .command("show <bookId>", { isDefault: true })
    .description("print the outline in reading order (filters: --pov, --plotline, --label by id or name; --status, none for no status)")
    .option("--pov <character>", "only items with this POV character")
    .option("--plotline <plotline>", "only items that carry this plotline")
    .option("--label <label>", "only items with this label")
    .option("--status <status>", `only items with this status: ${[...PLAN_STATUSES, "none"].join(", ")}`)
    .action(async (bookId: string, options: { pov?: string; plotline?: string; label?: string; status?: string }, command: Command) => {
      const { client, json } = context(command);
      const query: Record<string, string> = {};
      if (options.pov || options.plotline || options.label) {
        const whole = await readOutline(client, bookId);
        if (options.pov) query.pov = named(whole.characters, options.pov, "character", bookId).id;
        if (options.plotline) query.plotline = named(whole.plotlines, options.plotline, "plotline", bookId).id;
        if (options.label) query.label = named(whole.labels, options.label, "label", bookId).id;
      }
      if (options.status) query.status = options.status;
      checkInput(outlineQuery, query);
      const read = await readOutline(client, bookId, query);
      const names = new Map([...read.characters, ...read.plotlines, ...read.labels].map((x) => [x.id, x.name]));
      const indent = { part: "", chapter: "  ", scene: "    " } as const;
      printRows<PlanItemDto>(
        json,
        read.items,
        [
          { heading: "kind", value: (item) => item.kind },
          { heading: "title", value: (item) => `${indent[item.kind]}${titleOf(item)}${item.matches ? "" : " …"}` },
          { heading: "status", value: (item) => item.plan.status ?? "—" },
          { heading: "pov", value: (item) => (item.plan.povId ? (names.get(item.plan.povId) ?? "?") : "—") },
          { heading: "words", value: words },
          { heading: "labels", value: (item) => item.plan.labelIds.map((id) => names.get(id)).join(", ") },
          { heading: "plotlines", value: (item) => item.plan.plotlineIds.map((id) => names.get(id)).join(", ") },
          { heading: "when", value: (item) => [item.plan.storyDate, item.plan.storyTime].filter(Boolean).join(" ") },
          { heading: "synopsis", value: (item) => (item.plan.synopsis.length > 60 ? `${item.plan.synopsis.slice(0, 59)}…` : item.plan.synopsis) },
          { heading: "id", value: (item) => item.id },
        ],
        "Nothing in this book's outline matches.",
      );
    });

  outline
    .command("set <bookId> <kind> <item>")
    .description("change one part's, chapter's or scene's plan (kind: part, chapter, scene; the item by id, title, or a part's or chapter's number); none clears a field")
    .option("--synopsis <text>", "what happens")
    .option("--status <status>", `${PLAN_STATUSES.join(", ")} or none`)
    .option("--pov <character>", "the POV character (a bible character, by name or id), or none")
    .option("--characters <names>", "the characters present, comma-separated (replaces the list; none: no one)")
    .option("--labels <names>", "labels, comma-separated (replaces them; none)")
    .option("--plotlines <names>", "plotlines, comma-separated (replaces them; none)")
    .option("--target <words>", "the length aimed at, in words, or none")
    .option("--date <date>", "the story date: YYYY-MM-DD, or day N for an invented calendar, or none")
    .option("--time <HH:MM>", "the story time, or none")
    .action(async (bookId: string, kind: string, which: string, options: Record<string, string | undefined>, command: Command) => {
      const { client, json } = context(command);
      if (!(kind in KINDS)) throw new CliError(`the kind is part, chapter or scene, not ${kind}`);
      const read = await readOutline(client, bookId);
      const item = itemOf(read, kind as Kind, which, bookId);
      const links = (value: string | undefined, from: { id: string; name: string }[], what: string) =>
        value === undefined ? undefined : value === "none" ? [] : list(value).map((name) => named(from, name, what, bookId).id);
      const changes: UpdatePlanInput = {
        ...(options.synopsis !== undefined && { synopsis: options.synopsis }),
        ...(options.status !== undefined && { status: orNull(options.status) as UpdatePlanInput["status"] }),
        ...(options.pov !== undefined && { povId: options.pov === "none" ? null : named(read.characters, options.pov, "character", bookId).id }),
        ...(options.characters !== undefined && { characterIds: links(options.characters, read.characters, "character") }),
        ...(options.labels !== undefined && { labelIds: links(options.labels, read.labels, "label") }),
        ...(options.plotlines !== undefined && { plotlineIds: links(options.plotlines, read.plotlines, "plotline") }),
        ...(options.target !== undefined && { targetWords: options.target === "none" ? null : Number(options.target) }),
        ...(options.date !== undefined && { storyDate: orNull(options.date) }),
        ...(options.time !== undefined && { storyTime: orNull(options.time) }),
      };
      const body = checkInput(updatePlanInput, changes);
      const saved = await client.data("PATCH", `${bookPath(bookId)}/plan/${KINDS[kind as Kind]}/${encodeURIComponent(item.id)}`, { json: body }, updatedPlanSchema);
      printResult(json, saved, `Planned the ${saved.kind} “${titleOf(saved)}”.`);
    });

  registerNamed(program, "plotlines", "a book's plotlines (主线, subplots): list, add, rename, recolour, move, delete");
  registerNamed(program, "labels", "a book's labels for its plan: list, add, rename, recolour, delete");
}

/** `inkstone plotlines …` and `inkstone labels …`: the book's, not one item's, so commands of their own beside outline. */
function registerNamed(program: Command, what: "plotlines" | "labels", description: string): void {
  const one = what === "plotlines" ? "plotline" : "label";
  const schema = what === "plotlines" ? plotlineSchema : labelSchema;
  const path = (bookId: string) => `${bookPath(bookId)}/${what}`;
  const find = async (client: ApiClient, bookId: string, which: string) => named(await client.data("GET", path(bookId), {}, z.array(schema)), which, one, bookId);
  const group = program.command(what).description(description);

  group
    .command("list <bookId>", { isDefault: true })
    .description(`the book's ${what}`)
    .action(async (bookId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const rows = (await client.data("GET", path(bookId), {}, z.array(schema))) as (PlotlineDto | LabelDto)[];
      printRows(
        json,
        rows,
        [
          ...(what === "plotlines" ? [{ heading: "#", value: (row: PlotlineDto | LabelDto) => ("position" in row ? row.position : "") }] : []),
          { heading: "name", value: (row) => row.name },
          { heading: "colour", value: (row) => row.colour },
          { heading: "id", value: (row) => row.id },
        ],
        `This book has no ${what}.`,
      );
    });

  group
    .command("add <bookId> <name>")
    .description(`add a ${one} (a name the book's ${what} have is refused)`)
    .option("--colour <#rrggbb>", "its colour (default: the palette's next)")
    .action(async (bookId: string, name: string, options: { colour?: string }, command: Command) => {
      const { client, json } = context(command);
      const body = checkInput(what === "plotlines" ? createPlotlineInput : createLabelInput, { name, ...(options.colour && { colour: options.colour }) });
      const made = await client.data("POST", path(bookId), { json: body }, schema);
      printResult(json, made, `Added the ${one} “${made.name}” (${made.id}).`);
    });

  const change = async (command: Command, bookId: string, which: string, changes: Record<string, unknown>) => {
    const { client, json } = context(command);
    const body = checkInput(what === "plotlines" ? updatePlotlineInput : updateLabelInput, changes);
    const found = await find(client, bookId, which);
    const changed = await client.data("PATCH", `${path(bookId)}/${encodeURIComponent(found.id)}`, { json: body }, schema);
    printResult(json, changed, `The ${one} “${changed.name}” is saved (${changed.colour}${"position" in changed ? `, number ${changed.position}` : ""}).`);
  };
  group
    .command("rename <bookId> <which> <name>")
    .description(`rename a ${one} (named by its id or name)`)
    .action((bookId: string, which: string, name: string, _options: unknown, command: Command) => change(command, bookId, which, { name }));
  group
    .command("recolour <bookId> <which> <colour>")
    .description(`give a ${one} another colour (#rrggbb)`)
    .action((bookId: string, which: string, colour: string, _options: unknown, command: Command) => change(command, bookId, which, { colour }));
  if (what === "plotlines") {
    group
      .command("move <bookId> <which> <position>")
      .description("move a plotline to a place (1 for the first); the others make room")
      .action((bookId: string, which: string, position: string, _options: unknown, command: Command) => change(command, bookId, which, { position: Number(position) }));
  }
  group
    .command("delete <bookId> <which>")
    .description(`delete a ${one}: it leaves every plan that had it, nothing else changes`)
    .action(async (bookId: string, which: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const found = await find(client, bookId, which);
      await client.data("DELETE", `${path(bookId)}/${encodeURIComponent(found.id)}`);
      printResult(json, { bookId, [`${one}Id`]: found.id, deleted: true }, `Deleted the ${one} “${found.name}”.`);
    });
}
