// The body of bench/scenes.mjs, bundled by it with esbuild and run on a fresh SQLite database it
// has migrated (see that file). Two copies of one long chapter with 20 scene breaks, one split into
// scenes and one not, saved in turn with a few words typed (an autosave), through the save use case.
import type { Principal } from "@/server/auth/principal";
import { scopesForRole } from "@/server/auth/scopes";
import { createBook } from "@/server/books/create-book";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { splitChapter } from "@/server/scenes/split-scenes";
import { createUser } from "@/server/users/create-user";
import { typedProse } from "./typed-prose";

const { sentence, typed } = typedProse(35);

/** 20 scenes of `wordsPerScene` words in paragraphs of ~60, a "* * *" line between each two. */
function chapterText(wordsPerScene: number): string {
  const scenes: string[] = [];
  for (let s = 0; s < 20; s++) {
    const paragraphs: string[] = [];
    for (let words = 0; words < wordsPerScene; words += 60) paragraphs.push(`${sentence(60)}.`);
    scenes.push(paragraphs.join("\n\n"));
  }
  return `${scenes.join("\n\n* * *\n\n")}\n`;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(saves: number, wordsPerScene: number): Promise<Record<string, number>> {
  const user = await createUser({ email: "bench@example.com", password: "long enough password", name: "bench" }, null, null);
  const writer: Principal = { userId: user.id, scopes: new Set(scopesForRole(user.role)), tokenId: null };
  const book = await createBook({ title: "Bench", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
  const text = chapterText(wordsPerScene);
  const make = async () => {
    const chapter = await uploadChapter({ bookId: book.id, content: text }, writer);
    return { id: chapter.id, version: 1, content: text, words: chapter.wordCount };
  };
  const plain = await make();
  const scened = await make();
  await splitChapter({ bookId: book.id, chapterId: scened.id }, writer);
  const sceneRows = await sql.selectFrom("Scene").select("id").where("chapterId", "=", scened.id).execute();
  const times = { plain: { cpu: [] as number[], wall: [] as number[] }, scened: { cpu: [] as number[], wall: [] as number[] } };
  const save = async (chapter: typeof plain, into: { cpu: number[]; wall: number[] }) => {
    const content = typed(chapter.content);
    const cpu = cpuMs();
    const wall = performance.now();
    const saved = await saveChapter({ bookId: book.id, chapterId: chapter.id, version: chapter.version, content }, writer);
    into.wall.push(performance.now() - wall);
    into.cpu.push(cpuMs() - cpu);
    chapter.version = saved.version;
    chapter.content = content;
  };
  // Warm up both paths, then interleave them so that drift (the revisions growing, the machine's
  // other work) falls on both alike.
  for (let i = 0; i < 10; i++) {
    await save(plain, { cpu: [], wall: [] });
    await save(scened, { cpu: [], wall: [] });
  }
  for (let i = 0; i < saves; i++) {
    await save(plain, times.plain);
    await save(scened, times.scened);
  }
  const kept = await sql.selectFrom("Scene").select("id").where("chapterId", "=", scened.id).execute();
  return {
    words: plain.words,
    characters: text.length,
    scenes: sceneRows.length,
    scenesKept: kept.filter((row) => sceneRows.some((s) => s.id === row.id)).length,
    plainCpuMs: median(times.plain.cpu),
    scenedCpuMs: median(times.scened.cpu),
    plainWallMs: median(times.plain.wall),
    scenedWallMs: median(times.scened.wall),
  };
}
