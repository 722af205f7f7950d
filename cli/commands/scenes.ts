import type { Command } from "commander";
import { z } from "zod";
import { chapterSchema } from "../../server/chapters/schemas";
import { createSceneInput, moveSceneInput, sceneSchema, updateSceneInput, type SceneDto } from "../../server/scenes/schemas";
import type { ApiClient } from "../client";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printResult, printRows } from "../output";
import { sceneTitle } from "../scene-title";

// Scenes of a chapter, issue 35 item 1 (decision 0499).
const book = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}`;
const chapterPath = (bookId: string, chapterId: string) => `${book(bookId)}/chapters/${encodeURIComponent(chapterId)}`;
const scenePath = (bookId: string, sceneId: string) => `${book(bookId)}/scenes/${encodeURIComponent(sceneId)}`;

/** The chapter's version now: a scene change is made against it, so a save made meanwhile is refused (409), not overwritten. */
async function versionOf(client: ApiClient, bookId: string, chapterId: string): Promise<number> {
  return (await client.data("GET", chapterPath(bookId, chapterId), {}, chapterSchema)).version;
}

async function sceneOf(client: ApiClient, bookId: string, sceneId: string): Promise<SceneDto> {
  return client.data("GET", scenePath(bookId, sceneId), {}, sceneSchema);
}

const sceneName = (s: SceneDto) => (s.title === "" ? sceneTitle(s.title, s.position) : `“${s.title}”`);

function printScenes(json: ReturnType<typeof context>["json"], scenes: SceneDto[]): void {
  printRows<SceneDto>(
    json,
    scenes,
    [
      { heading: "id", value: (s) => s.id },
      { heading: "chapter", value: (s) => s.chapterId },
      { heading: "#", value: (s) => s.position },
      { heading: "title", value: (s) => s.title },
      { heading: "words", value: (s) => s.wordCount },
    ],
    "No scenes: a chapter is one stretch until it is split (inkstone scenes split).",
  );
}

export function registerScenes(program: Command): void {
  const scenes = program.command("scenes").description("a chapter's scenes: list, split at scene breaks, add, rename, move to another chapter, delete");

  scenes
    .command("list <bookId> [chapterId]", { isDefault: true })
    .description("the book's scenes in reading order (or one chapter's), with their words")
    .action(async (bookId: string, chapterId: string | undefined, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const path = chapterId ? `${chapterPath(bookId, chapterId)}/scenes` : `${book(bookId)}/scenes`;
      printScenes(json, await client.data("GET", path, {}, z.array(sceneSchema)));
    });

  scenes
    .command("split <bookId> [chapterId]")
    .description("make a chapter's scene breaks into scenes; without a chapter, every chapter of the book that has breaks and no scenes")
    .action(async (bookId: string, chapterId: string | undefined, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const path = chapterId ? `${chapterPath(bookId, chapterId)}/scenes/split` : `${book(bookId)}/scenes/split`;
      const split = await client.data("POST", path, {}, z.array(sceneSchema));
      if (json) printScenes(json, split);
      else printResult(json, split, `${split.length} ${split.length === 1 ? "scene" : "scenes"}${chapterId ? " in the chapter" : " in the book"}.`);
    });

  scenes
    .command("add <bookId> <chapterId>")
    .description("add a scene: a scene break at --at (a place in the chapter's text; the rest of that scene becomes the new one), or an empty scene at the end")
    .option("--title <title>", "its title")
    .option("--at <offset>", "a character offset in the chapter's text")
    .action(async (bookId: string, chapterId: string, options: { title?: string; at?: string }, command: Command) => {
      const { client, json } = context(command);
      const version = await versionOf(client, bookId, chapterId);
      const body = checkInput(createSceneInput, { version, ...(options.title !== undefined ? { title: options.title } : {}), ...(options.at !== undefined ? { at: Number(options.at) } : {}) });
      const scene = await client.data("POST", `${chapterPath(bookId, chapterId)}/scenes`, { json: body }, sceneSchema);
      printResult(json, scene, `Added ${sceneName(scene)} as scene ${scene.position} (${scene.id}).`);
    });

  scenes
    .command("rename <bookId> <sceneId> <title>")
    .description('rename a scene ("" for none: it reads as Scene N)')
    .action(async (bookId: string, sceneId: string, title: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const body = checkInput(updateSceneInput, { title });
      const scene = await client.data("PATCH", scenePath(bookId, sceneId), { json: body }, sceneSchema);
      printResult(json, scene, `Scene ${scene.position} is now ${sceneName(scene)}.`);
    });

  scenes
    .command("move <bookId> <sceneId> <chapterId>")
    .description("move a scene with its text to another chapter of the book (last, or at --position); it keeps its id")
    .option("--position <n>", "its place among that chapter's scenes, 1 for the first")
    .action(async (bookId: string, sceneId: string, toChapterId: string, options: { position?: string }, command: Command) => {
      const { client, json } = context(command);
      const scene = await sceneOf(client, bookId, sceneId);
      if (scene.chapterId === toChapterId) throw new CliError("the scene is in that chapter already");
      const body = checkInput(moveSceneInput, {
        version: await versionOf(client, bookId, scene.chapterId),
        toChapterId,
        toVersion: await versionOf(client, bookId, toChapterId),
        ...(options.position !== undefined ? { position: Number(options.position) } : {}),
      });
      const moved = await client.data("POST", `${scenePath(bookId, sceneId)}/move`, { json: body }, sceneSchema);
      printResult(json, moved, `Moved ${sceneName(scene)} to chapter ${toChapterId}, as scene ${moved.position}.`);
    });

  scenes
    .command("delete <bookId> <sceneId>")
    .description("delete a scene and its text (a revision of its chapter: its history can bring the text back)")
    .action(async (bookId: string, sceneId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const scene = await sceneOf(client, bookId, sceneId);
      const version = await versionOf(client, bookId, scene.chapterId);
      await client.data("DELETE", `${scenePath(bookId, sceneId)}?version=${version}`);
      printResult(json, { bookId, sceneId, deleted: true }, `Deleted ${sceneName(scene)} and its text.`);
    });
}
