"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { Dialog } from "../../../_components/dialog";
import { Field } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { useProblems } from "../../../_components/use-problems";
import { failureSentence, send } from "./transfer";
import { useBookFormat } from "./use-book-format";
import { TransferProgress, useTransfer } from "./transfer-progress";

/**
 * Import on the book list: a manuscript (DOCX, EPUB, Markdown, plain text …) becomes a new book,
 * one chapter per top-level heading; the upload's progress shows for large files. "Preview
 * chapters" shows the split (a dry run) before any book is made.
 */
export function ImportBookButton({ extensions }: { extensions: string[] }) {
  const [open, setOpen] = useState(false);
  const t = useTranslations("books.import");
  return (
    <>
      <button type="button" className="button secondary" onClick={() => setOpen(true)}>
        {t("button")}
      </button>
      {open && <Dialog title={t("dialog")} onClose={() => setOpen(false)}>{() => <ImportForm extensions={extensions} onCancel={() => setOpen(false)} />}</Dialog>}
    </>
  );
}

interface Preview {
  language: string | null;
  chapterCount: number;
  wordCount: number;
  chapters: { title: string; wordCount: number; part: string | null }[];
  parts: { title: string; chapterCount: number }[];
}

function ImportForm({ extensions, onCancel }: { extensions: string[]; onCancel: () => void }) {
  const router = useRouter();
  const t = useTranslations("books.import");
  const problems = useProblems();
  const { progress, problem, setProblem, run } = useTransfer();
  const formRef = useRef<HTMLFormElement>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  // The preview's chapters the writer unticked (a header, a licence), by number from 1.
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(new Set());

  /** The form's fields as the API takes them, or null (and a problem shown) without a file. */
  function fields(element: HTMLFormElement): FormData | null {
    const form = new FormData(element);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) {
      setProblem(t("chooseFile"));
      return null;
    }
    for (const optional of ["title", "chapterPattern"]) if (!String(form.get(optional) ?? "").trim()) form.delete(optional);
    return form;
  }

  async function showPreview() {
    const form = formRef.current && fields(formRef.current);
    if (!form) return;
    setProblem(undefined);
    setPreviewing(true);
    try {
      const answer = await send("POST", "/api/v1/books/import/preview", form, () => undefined);
      setPreview(answer.status === 200 ? (answer.body!.data as Preview) : null);
      setSkipped(new Set());
      if (answer.status !== 200) setProblem(failureSentence(answer, problems));
    } catch {
      // No answer came (send rejects only then).
      setProblem(problems.networkProblem().message);
    } finally {
      setPreviewing(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = fields(event.currentTarget);
    if (!form) return;
    if (preview && skipped.size > 0) form.set("skipChapters", [...skipped].sort((a, b) => a - b).join(","));
    await run({ phase: "upload", fraction: 0 }, async (onProgress) => {
      const answer = await send("POST", "/api/v1/books/import", form, onProgress);
      if (answer.status !== 201) return failureSentence(answer, problems);
      const { book } = answer.body!.data as { book: { id: string } };
      router.push(`/books/${book.id}`);
      return null;
    });
  }

  const busy = progress !== null;
  return (
    // A preview is of the file and pattern it was made with: any change to them makes it stale.
    <form ref={formRef} onSubmit={submit} onChange={(event) => !(event.target as HTMLElement).closest("[data-preview]") && setPreview(null)} className="stack" noValidate>
      <FormAlert message={problem} />
      <div className="field">
        <label htmlFor="import-file">{t("manuscript")}</label>
        <input id="import-file" name="file" type="file" required accept={extensions.map((e) => `.${e}`).join(",")} aria-describedby="import-file-hint" />
        <p id="import-file-hint" className="field-hint">
          {t("manuscriptHint")}
        </p>
      </div>
      <Field name="title" label={t("title")} hint={t("titleHint")} autoComplete="off" />
      <Field
        name="chapterPattern"
        label={t("pattern")}
        hint={t("patternHint")}
        autoComplete="off"
      />
      {preview && <PreviewList preview={preview} skipped={skipped} onSkippedChange={setSkipped} />}
      <TransferProgress state={progress} />
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onCancel}>
          {t("cancel")}
        </button>
        <button type="button" className="button secondary" onClick={showPreview} disabled={busy || previewing} aria-busy={previewing || undefined}>
          {previewing ? t("reading") : t("preview")}
        </button>
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t("importing") : t("import")}
        </button>
      </div>
    </form>
  );
}

/**
 * The chapters an import would make, with their lengths (characters for a CJK book, as it counts
 * them); each can be unticked, to leave out what is not the book (a header, a licence, a contents
 * page). The heading counts what will be imported.
 */
function PreviewList({ preview, skipped, onSkippedChange }: { preview: Preview; skipped: ReadonlySet<number>; onSkippedChange: (skipped: ReadonlySet<number>) => void }) {
  const t = useTranslations("books.import");
  const format = useBookFormat();
  const count = (n: number) => format.length(n, preview.language ?? "en");
  const kept = preview.chapters.filter((_, index) => !skipped.has(index + 1));
  const words = kept.reduce((sum, chapter) => sum + chapter.wordCount, 0);
  const chapters = (n: number) => t("chapters", { count: n });
  const chosen = kept.length === preview.chapterCount ? chapters(kept.length) : t("keptOf", { kept: format.number(kept.length), all: chapters(preview.chapterCount) });
  function toggle(number: number, imported: boolean) {
    const next = new Set(skipped);
    if (imported) next.delete(number);
    else next.add(number);
    onSkippedChange(next);
  }
  return (
    <section aria-labelledby="import-preview-heading" className="stack" data-preview>
      <h3 id="import-preview-heading" aria-live="polite">
        {t("summary", { chapters: preview.parts.length > 0 ? t("inParts", { chapters: chosen, count: preview.parts.length }) : chosen, length: count(words) })}
      </h3>
      <p className="field-hint">{t("untickHint")}</p>
      <ol aria-label={t("previewList")} style={{ maxHeight: "16rem", overflowY: "auto" }}>
        {preview.chapters.map((chapter, index) => (
          <li key={index}>
            {/* A part's heading above its first chapter: the import makes it a part holding the chapters after it. */}
            {chapter.part !== null && chapter.part !== preview.chapters[index - 1]?.part && (
              <strong data-part style={{ display: "block", marginTop: "0.5rem" }}>
                {t("part", { title: chapter.part })}
              </strong>
            )}
            <label className="checkbox">
              <input type="checkbox" checked={!skipped.has(index + 1)} onChange={(event) => toggle(index + 1, event.target.checked)} />
              <span>
                {chapter.title} <span className="field-hint">— {count(chapter.wordCount)}</span>
              </span>
            </label>
          </li>
        ))}
      </ol>
      {kept.length === 0 && <p role="alert">{t("tickOne")}</p>}
    </section>
  );
}
