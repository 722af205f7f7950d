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

const VOCABULARY = (
  "the a of and to in was she he it that her his had with on at for as but not they from by said would there were their been one into out " +
  "house river morning letter window silence lantern harbour winter orchard stranger promise remembered whispered carried followed wondered"
).split(" ");

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(35);
const word = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]!;
const sentence = (n: number) => Array.from({ length: n }, word).join(" ");

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

/** An autosave's edit: a few words typed into a paragraph somewhere in the chapter. */
function typed(text: string): string {
  let at = text.indexOf(" ", Math.floor(random() * text.length));
  if (text.slice(Math.max(0, at - 4), at + 4).includes("*")) at = -1; // never into a break line: the scenes are to stay
  return at < 0 ? `${text} ${sentence(6)}` : `${text.slice(0, at)} ${sentence(2 + Math.floor(random() * 8))}${text.slice(at)}`;
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
