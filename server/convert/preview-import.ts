import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { readManuscript, runsOfParts } from "./read-manuscript";
import type { ImportInput, ImportPreviewDto } from "./schemas";

/**
 * POST /api/v1/books/import/preview — the chapters an import would make, as a dry run: the same
 * reading, splitting and checks as the import, so that what it shows is what the import makes,
 * with nothing saved. A writer sees the split (and can try another chapterPattern) first.
 */
export async function previewImport(input: ImportInput, principal: Principal): Promise<ImportPreviewDto> {
  authorize(principal, "books.import");
  const manuscript = await readManuscript(input.file, input, principal);
  const chapters = manuscript.chapters.map((chapter) => ({ title: chapter.title, wordCount: chapter.wordCount, part: chapter.part ?? null }));
  return {
    title: input.title ?? manuscript.title ?? null,
    author: manuscript.author ?? null,
    language: input.language ?? manuscript.language ?? null,
    chapterCount: chapters.length,
    wordCount: chapters.reduce((sum, chapter) => sum + chapter.wordCount, 0),
    chapters,
    parts: runsOfParts(manuscript.chapters).map(({ title, chapters }) => ({ title, chapterCount: chapters.length })),
  };
}
