import type { Command } from "commander";
import { applyBeatPlanInput, beatPlanSchema, moveBeatInput, type BeatDto, type BeatPlanDto } from "../../server/beats/schemas";
import { contentsSchema } from "../../server/parts/schemas";
import { sceneSchema } from "../../server/scenes/schemas";
import { z } from "zod";
import type { ApiClient } from "../client";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printResult, printRows } from "../output";
import { sceneTitle } from "../scene-title";

// Beat plans, issue 35 item 4 (decision 0507): a structure template applied as the plan, each beat
// beside where the structure analysis finds it in the text.
const planPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}/beat-plan`;

const place = (beat: BeatDto) => (beat.planned ? `${beat.planned.chapterNumber}. ${beat.planned.chapterTitle}${beat.planned.sceneId !== null ? ` / ${sceneTitle(beat.planned.sceneTitle, beat.planned.scenePosition)}` : ""}` : "(no chapter)");
const found = (beat: BeatDto) => (beat.found ? `${beat.found.chapterNumber}. ${beat.found.chapterTitle}` : "");
function apart(beat: BeatDto): string {
  if (beat.chaptersApart === null) return "";
  if (beat.chaptersApart === 0) return "on plan";
  const n = Math.abs(beat.chaptersApart);
  return `${n} chapter${n === 1 ? "" : "s"} ${beat.chaptersApart > 0 ? "later" : "earlier"}`;
}

function printPlan(json: boolean, plan: BeatPlanDto, bookId: string): void {
  if (json) return printResult(true, plan, "");
  process.stdout.write(
    `${plan.templateName}, placed by ${plan.placedBy === "targets" ? "planned target words" : "chapter order"}. ${
      plan.analysis ? `Found: the analysis of ${plan.analysis.finishedAt ?? "an unfinished run"}.` : `Found: run the analysis (inkstone analysis run ${bookId} ${plan.templateId}) to compare.`
    }\n`,
  );
  printRows<BeatDto>(false, plan.beats, [
    { heading: "#", value: (b) => b.position },
    { heading: "beat", value: (b) => b.name },
    { heading: "usually at", value: (b) => `${b.target}%` },
    { heading: "planned", value: (b) => `${place(b)}${b.moved ? " (moved)" : ""}` },
    { heading: "found", value: found },
    { heading: "", value: apart },
  ]);
}

/** A beat named by its id, its number in the template (1 for the first) or its name (case aside). */
function beatOf(plan: BeatPlanDto, which: string, bookId: string): BeatDto {
  const found = plan.beats.find((b) => b.id === which) ?? (/^\d+$/.test(which) ? plan.beats[Number(which) - 1] : undefined) ?? plan.beats.find((b) => b.name.toLowerCase() === which.toLowerCase());
  if (!found) throw new CliError(`the beat plan has no beat ${which}; inkstone beats ${bookId} lists them`);
  return found;
}

/** A chapter named by its id or its number in reading order, as the book's contents have them. */
async function chapterIdOf(client: ApiClient, bookId: string, which: string): Promise<string> {
  if (!/^\d+$/.test(which)) return which;
  const contents = await client.data("GET", `/api/v1/books/${encodeURIComponent(bookId)}/contents`, {}, contentsSchema);
  const chapters = contents.entries.flatMap((entry) => (entry.type === "part" ? entry.chapters : [entry.chapter]));
  const chapter = chapters[Number(which) - 1];
  if (!chapter) throw new CliError(`this book has no chapter ${which} (it has ${chapters.length})`);
  return chapter.id;
}

export function registerBeats(program: Command): void {
  const beats = program.command("beats").description("a book's beat plan: apply a structure template, move its beats, compare them with where the analysis finds them");

  beats
    .command("show <bookId>", { isDefault: true })
    .description("list the beats: where each is planned, where the analysis finds it, and how far apart (--apply TEMPLATE applies one first)")
    .option("--apply <template>", "apply this template as the plan first (its id, or a built-in's slug: three-act-structure, save-the-cat, kishotenketsu …); replaces the plan")
    .action(async (bookId: string, options: { apply?: string }, command: Command) => {
      const { client, json } = context(command);
      const plan =
        options.apply === undefined
          ? await client.data("GET", planPath(bookId), {}, beatPlanSchema)
          : await client.data("PUT", planPath(bookId), { json: checkInput(applyBeatPlanInput, { template: options.apply }) }, beatPlanSchema);
      printPlan(json, plan, bookId);
    });

  beats
    .command("move <bookId> <beat>")
    .description("move a beat (its number, name or id) to a chapter (id or number), or onto a scene of it (--scene: its id or title)")
    .requiredOption("--chapter <chapter>", "the chapter: its id or number in reading order")
    .option("--scene <scene>", "a scene of that chapter: its id or title")
    .action(async (bookId: string, which: string, options: { chapter: string; scene?: string }, command: Command) => {
      const { client, json } = context(command);
      const plan = await client.data("GET", planPath(bookId), {}, beatPlanSchema);
      const beat = beatOf(plan, which, bookId);
      const chapterId = await chapterIdOf(client, bookId, options.chapter);
      let body: z.infer<typeof moveBeatInput> = { chapterId };
      if (options.scene !== undefined) {
        const scenes = await client.data("GET", `/api/v1/books/${encodeURIComponent(bookId)}/chapters/${encodeURIComponent(chapterId)}/scenes`, {}, z.array(sceneSchema));
        const scene = scenes.find((s) => s.id === options.scene) ?? scenes.find((s) => s.title === options.scene);
        if (!scene) throw new CliError(`that chapter has no scene ${options.scene}; inkstone scenes ${bookId} lists them`);
        body = { sceneId: scene.id };
      }
      const moved = await client.data("PATCH", `${planPath(bookId)}/beats/${encodeURIComponent(beat.id)}`, { json: checkInput(moveBeatInput, body) }, beatPlanSchema);
      const after = moved.beats.find((b) => b.id === beat.id)!;
      printResult(json, moved, `Moved “${after.name}” to ${place(after)}${after.found ? ` (the analysis finds it in ${found(after)}: ${apart(after)})` : ""}.`);
    });

  beats
    .command("delete <bookId>")
    .description("delete the book's beat plan (its analyses stay)")
    .action(async (bookId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      await client.data("DELETE", planPath(bookId));
      printResult(json, { deleted: true }, "Deleted the beat plan.");
    });
}
