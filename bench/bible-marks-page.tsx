// The page bench/bible-marks.mjs bundles: the chapter editor alone (the real MarkdownEditor, its
// extensions and the bible's marks), with the text and entries the bench put on `window.__bench`.
import { createRoot } from "react-dom/client";
import { MarkdownEditor } from "@/app/(writer)/books/[bookId]/chapters/[chapterId]/markdown-editor";
import type { MarkedEntry } from "@/app/(writer)/books/[bookId]/chapters/[chapterId]/bible-marks";

declare global {
  interface Window {
    __bench: { text: string; language: string; entries: MarkedEntry[] | null };
  }
}

const { text, language, entries } = window.__bench;
const host = document.getElementById("root")!;
host.lang = language;
createRoot(host).render(
  <MarkdownEditor
    initialText={text}
    label="Chapter"
    smartPunctuation={false}
    bible={entries ? { entries, marked: true, card: () => null } : undefined}
    onEdit={() => {}}
    onBlur={() => {}}
    ref={null}
  />,
);
