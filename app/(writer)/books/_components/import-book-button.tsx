"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Dialog } from "../../../_components/dialog";
import { Field } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { failureSentence, send } from "./transfer";
import { TransferProgress, useTransfer } from "./transfer-progress";

/**
 * Import on the book list: a manuscript (DOCX, EPUB, Markdown, plain text …) becomes a new book,
 * one chapter per top-level heading; the upload's progress shows for large files.
 */
export function ImportBookButton({ extensions }: { extensions: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button secondary" onClick={() => setOpen(true)}>
        Import
      </button>
      {open && <Dialog title="Import a manuscript" onClose={() => setOpen(false)}>{() => <ImportForm extensions={extensions} onCancel={() => setOpen(false)} />}</Dialog>}
    </>
  );
}

function ImportForm({ extensions, onCancel }: { extensions: string[]; onCancel: () => void }) {
  const router = useRouter();
  const { progress, problem, setProblem, run } = useTransfer();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return setProblem("Choose a manuscript file to import.");
    for (const optional of ["title", "chapterPattern"]) if (!String(form.get(optional) ?? "").trim()) form.delete(optional);
    await run({ phase: "upload", fraction: 0 }, async (onProgress) => {
      const answer = await send("POST", "/api/v1/books/import", form, onProgress);
      if (answer.status !== 201) return failureSentence(answer);
      const { book } = answer.body!.data as { book: { id: string } };
      router.push(`/books/${book.id}`);
      return null;
    });
  }

  const busy = progress !== null;
  return (
    <form onSubmit={submit} className="stack" noValidate>
      <FormAlert message={problem} />
      <div className="field">
        <label htmlFor="import-file">Manuscript</label>
        <input id="import-file" name="file" type="file" required accept={extensions.map((e) => `.${e}`).join(",")} aria-describedby="import-file-hint" />
        <p id="import-file-hint" className="field-hint">
          Word, EPUB, Markdown, plain text, HTML, OpenDocument and more. Each top-level heading starts a chapter.
        </p>
      </div>
      <Field name="title" label="Title" hint="Optional; taken from the document or its file name." autoComplete="off" />
      <Field
        name="chapterPattern"
        label="Chapter headings in plain text"
        hint='Optional, e.g. "Part {n}*": {n} is the number, * the rest of the line. Otherwise "Chapter 12" and "第十二章" lines.'
        autoComplete="off"
      />
      <TransferProgress state={progress} />
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Importing…" : "Import"}
        </button>
      </div>
    </form>
  );
}
