"use client";

import { useState, type FormEvent } from "react";
import { Dialog } from "../../../../_components/dialog";
import { FormAlert } from "../../../../_components/form-alert";
import { failureSentence, followJob, saveFile, send } from "../../_components/transfer";
import { TransferProgress, useTransfer } from "../../_components/transfer-progress";

interface ExportFormat {
  id: string;
  name: string;
}

/** The trim sizes the PDF is set in (the API's trimSize), as a printer names them. */
const TRIM_SIZE_CHOICES = [
  ["6x9", "6 × 9 in (trade paperback)"],
  ["5.5x8.5", "5.5 × 8.5 in"],
  ["5x8", "5 × 8 in"],
  ["a5", "A5 (148 × 210 mm)"],
] as const;

/** The formats a writer reaches for first, in this order; the rest follow by name. */
const FIRST = ["epub", "docx", "pdf", "md", "html", "odt", "txt"];

/** Export on the book page: a format, the manuscript, punctuation, notes and bible appendix options, progress, then a download. */
export function ExportButton({ bookId, formats }: { bookId: string; formats: ExportFormat[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button secondary small" onClick={() => setOpen(true)}>
        Export
      </button>
      {open && <Dialog title="Export the book" onClose={() => setOpen(false)}>{() => <ExportForm bookId={bookId} formats={formats} onDone={() => setOpen(false)} />}</Dialog>}
    </>
  );
}

function ExportForm({ bookId, formats, onDone }: { bookId: string; formats: ExportFormat[]; onDone: () => void }) {
  const ordered = [...formats].sort((a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name));
  const [format, setFormat] = useState(ordered[0]?.id ?? "epub");
  const { progress, problem, run } = useTransfer();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const manuscript = fields.get("manuscript") === "on" && format === "docx";
    const smartPunctuation = fields.get("smartPunctuation") === "on";
    const notes = fields.get("notes") === "on";
    const trimSize = format === "pdf" ? String(fields.get("trimSize") ?? "") : "";
    const bibleAppendix = fields.get("bibleAppendix") === "on";
    await run({ phase: "convert", fraction: null }, async (onProgress) => {
      const query = new URLSearchParams({ format, ...(manuscript && { manuscript: "1" }), ...(smartPunctuation && { smartPunctuation: "1" }), ...(notes && { notes: "1" }), ...(trimSize && { trimSize }), ...(bibleAppendix && { bibleAppendix: "1" }) });
      let answer = await send("GET", `/api/v1/books/${bookId}/export?${query}`, null, onProgress);
      if (answer.status === 202) answer = await followJob(answer.body!.data as Parameters<typeof followJob>[0], onProgress);
      if (answer.status !== 200 || !answer.blob) return failureSentence(answer);
      saveFile(answer.blob, answer.fileName ?? `book.${format}`);
      onDone();
      return null;
    });
  }

  const busy = progress !== null;
  return (
    <form onSubmit={submit} className="stack" noValidate>
      <FormAlert message={problem} />
      <div className="field">
        <label htmlFor="export-format">Format</label>
        <select id="export-format" name="format" value={format} onChange={(event) => setFormat(event.target.value)}>
          {ordered.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
        <p className="field-hint">Every chapter in order, with a title page. EPUB includes a table of contents.</p>
      </div>
      {format === "docx" && (
        <label className="checkbox">
          <input type="checkbox" name="manuscript" />
          <span>
            Standard Manuscript Format <span className="muted">— for agents and editors: Courier 12 pt, double-spaced, word count and running header</span>
          </span>
        </label>
      )}
      {format === "pdf" && (
        <div className="field">
          <label htmlFor="export-trim-size">Trim size</label>
          <select id="export-trim-size" name="trimSize" defaultValue="6x9">
            {TRIM_SIZE_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <p className="field-hint">The printed page: chapters open on a right-hand page, with running heads and a gutter.</p>
        </div>
      )}
      <label className="checkbox">
        <input type="checkbox" name="smartPunctuation" />
        <span>
          Smart punctuation <span className="muted">— “curly” quotes, dashes (-- and ---) and ellipses (...); Chinese punctuation is left as it is</span>
        </span>
      </label>
      <label className="checkbox">
        <input type="checkbox" name="notes" />
        <span>
          Include private notes <span className="muted">— printed in [brackets]; Markdown keeps them as comments. Left out unless ticked</span>
        </span>
      </label>
      <label className="checkbox">
        <input type="checkbox" name="bibleAppendix" />
        <span>
          Story bible as an appendix <span className="muted">— characters, places, objects, groups and lore after the last chapter: names, aliases, descriptions and fields</span>
        </span>
      </label>
      <TransferProgress state={progress} />
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Exporting…" : "Export"}
        </button>
      </div>
    </form>
  );
}

function rank(id: string): number {
  const index = FIRST.indexOf(id);
  return index === -1 ? FIRST.length : index;
}
