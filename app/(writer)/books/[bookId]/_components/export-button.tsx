"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Dialog } from "../../../../_components/dialog";
import { trpc } from "../../../../_trpc/client";
import { FormAlert } from "../../../../_components/form-alert";
import { failureSentence, followJob, saveFile, send } from "../../_components/transfer";
import { TransferProgress, useTransfer } from "../../_components/transfer-progress";
import { THEME_LABELS, THEMES, type ThemeId } from "../../../../../server/convert/engine/export-options";

interface ExportFormat {
  id: string;
  name: string;
}

/** The trim sizes the PDF is set in (the API's trimSize), as a printer names them. */
const TRIM_SIZE_CHOICES = [
  ["6x9", "6 × 9 in (trade paperback)"],
  ["5.5x8.5", "5.5 × 8.5 in"],
  ["5.25x8", "5.25 × 8 in"],
  ["5x8", "5 × 8 in"],
  ["a5", "A5 (148 × 210 mm)"],
  ["140x203mm", "大32开 (140 × 203 mm)"],
  ["185x260mm", "16开 (185 × 260 mm)"],
] as const;

/** What a scene break prints as (the API's sceneBreak); "" is each format's own mark. */
const SCENE_BREAK_CHOICES = [
  ["", "Each format's own (* * *; # in a manuscript)"],
  ["stars", "* * *"],
  ["hash", "#"],
  ["asterism", "⁂ (asterism)"],
  ["blank", "A blank line (space break)"],
] as const;

interface ExportChapter {
  id: string;
  title: string;
}

/** The book's front matter, as the dialog shows it: blank is none. */
interface FrontMatter {
  copyright: string;
  dedication: string;
}

/** The formats a writer reaches for first, in this order; the rest follow by name. */
const FIRST = ["epub", "docx", "pdf", "md", "html", "odt", "txt"];

interface ExportProps {
  bookId: string;
  hasCover: boolean;
  formats: ExportFormat[];
  chapters: ExportChapter[];
  /** the book's own, which the dialog starts from */
  frontMatter: FrontMatter;
  /** whether a change to the front matter is saved with the book (a caller who may write in it) */
  savesFrontMatter: boolean;
  /** the book's theme, which the dialog starts from (decision 0494) */
  theme: ThemeId;
}

/** The formats a theme sets (the server's THEMED_FORMATS). */
const THEMED = ["pdf", "epub", "docx"];

/** Export on the book page: a format, the manuscript, the EPUB's cover, punctuation, notes, front matter and bible appendix options, progress, then a download. */
export function ExportButton(props: ExportProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button secondary small" onClick={() => setOpen(true)}>
        Export
      </button>
      {open && <Dialog title="Export the book" onClose={() => setOpen(false)}>{() => <ExportForm {...props} onDone={() => setOpen(false)} />}</Dialog>}
    </>
  );
}

function ExportForm({ bookId, hasCover, formats, chapters, frontMatter: saved, savesFrontMatter, theme: booksTheme, onDone }: ExportProps & { onDone: () => void }) {
  const router = useRouter();
  const saveFrontMatter = trpc.books.update.useMutation();
  const ordered = [...formats].sort((a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name));
  const [format, setFormat] = useState(ordered[0]?.id ?? "epub");
  const [manuscriptChosen, setManuscriptChosen] = useState(false);
  const [allChapters, setAllChapters] = useState(true);
  const [frontMatter, setFrontMatter] = useState(saved);
  const { progress, problem, run } = useTransfer();
  const manuscriptFormat = format === "docx" && manuscriptChosen;
  const [theme, setTheme] = useState<ThemeId>(booksTheme);
  const [trimSize, setTrimSize] = useState("6x9");
  const themed = THEMED.includes(format) && !manuscriptFormat;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const manuscript = fields.get("manuscript") === "on" && format === "docx";
    const smartPunctuation = fields.get("smartPunctuation") === "on";
    const notes = fields.get("notes") === "on";
    const pdfTrim = format === "pdf" ? trimSize : "";
    // The book's own theme goes unsaid: the server sets the book in it.
    const otherTheme = themed && theme !== booksTheme ? theme : "";
    const rightHandChapters = format === "pdf" && fields.get("rightHandChapters") === "on";
    const pdfx = format === "pdf" && fields.get("pdfx") === "on";
    const paper = manuscript ? String(fields.get("paper") ?? "") : "";
    const manuscriptFont = manuscript ? String(fields.get("manuscriptFont") ?? "") : "";
    const sceneBreak = String(fields.get("sceneBreak") ?? "");
    // A manuscript for an agent carries no copyright page or dedication (the server leaves them out too).
    const copyright = manuscript ? "" : frontMatter.copyright.trim();
    const dedication = manuscript ? "" : frontMatter.dedication.trim();
    const bibleAppendix = fields.get("bibleAppendix") === "on";
    const leaveOutCover = format === "epub" && hasCover && fields.get("cover") !== "on";
    // Plain text's choices (issue 32 item 4): only what differs from the default is sent.
    const text = format === "txt" ? textChoices(fields) : {};
    const chosen = allChapters ? [] : fields.getAll("chapter").map(String);
    if (!allChapters && chosen.length === 0) return run({ phase: "convert", fraction: null }, async () => "Choose at least one chapter, or export all of them.");
    await run({ phase: "convert", fraction: null }, async (onProgress) => {
      // Kept with the book, for the next export from any browser (Book details shows it too).
      if (savesFrontMatter && !manuscript && (frontMatter.copyright !== saved.copyright || frontMatter.dedication !== saved.dedication)) {
        await saveFrontMatter.mutateAsync({ bookId, changes: { copyright: frontMatter.copyright, dedication: frontMatter.dedication } });
        router.refresh();
      }
      const query = new URLSearchParams({
        format,
        ...(manuscript && { manuscript: "1" }),
        ...(smartPunctuation && { smartPunctuation: "1" }),
        ...(notes && { notes: "1" }),
        ...(pdfTrim && { trimSize: pdfTrim }),
        ...(otherTheme && { theme: otherTheme }),
        ...(rightHandChapters && { rightHandChapters: "1" }),
        ...(pdfx && { pdfx: "1" }),
        ...(paper && { paper }),
        ...(manuscriptFont && { manuscriptFont }),
        ...(sceneBreak && { sceneBreak }),
        ...(copyright && { copyright }),
        ...(dedication && { dedication }),
        ...(chosen.length > 0 && { chapters: chosen.join(",") }),
        ...(bibleAppendix && { bibleAppendix: "1" }),
        ...(leaveOutCover && { cover: "0" }),
        ...text,
      });
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
        <p className="field-hint">The chapters in order, with a title page. EPUB includes a table of contents.</p>
      </div>
      {format === "docx" && (
        <label className="checkbox">
          <input type="checkbox" name="manuscript" checked={manuscriptChosen} onChange={(event) => setManuscriptChosen(event.target.checked)} />
          <span>
            Standard Manuscript Format <span className="muted">— for agents and editors: 12 pt, double-spaced, a cover page with the word count, running header</span>
          </span>
        </label>
      )}
      {manuscriptFormat && (
        <div className="field">
          <label htmlFor="export-paper">Paper</label>
          <select id="export-paper" name="paper" defaultValue="letter">
            <option value="letter">US Letter (8.5 × 11 in)</option>
            <option value="a4">A4 (210 × 297 mm)</option>
          </select>
        </div>
      )}
      {manuscriptFormat && (
        <div className="field">
          <label htmlFor="export-manuscript-font">Typeface</label>
          <select id="export-manuscript-font" name="manuscriptFont" defaultValue="courier">
            <option value="courier">Courier New, 12 pt</option>
            <option value="times">Times New Roman, 12 pt</option>
          </select>
        </div>
      )}
      {format === "epub" &&
        (hasCover ? (
          <label className="checkbox">
            <input type="checkbox" name="cover" defaultChecked />
            <span>
              Cover <span className="muted">— the book&apos;s cover as the e-book&apos;s cover image and first page</span>
            </span>
          </label>
        ) : (
          <p className="field-hint">No cover: add one under Cover on the book page, and the EPUB opens with it.</p>
        ))}
      {themed && (
        <div className="field">
          <label htmlFor="export-theme">Theme</label>
          <select id="export-theme" name="theme" value={theme} onChange={(event) => setTheme(event.target.value as ThemeId)}>
            {THEMES.map((id) => (
              <option key={id} value={id}>
                {THEME_LABELS[id]}
                {id === booksTheme ? " — the book's" : ""}
              </option>
            ))}
          </select>
          <p className="field-hint">The faces, titles, paragraphs and scene breaks of the PDF, EPUB and DOCX alike. Set the book&apos;s own in Book details.</p>
        </div>
      )}
      {format === "pdf" && (
        <div className="field">
          <label htmlFor="export-trim-size">Trim size</label>
          <select id="export-trim-size" name="trimSize" value={trimSize} onChange={(event) => setTrimSize(event.target.value)}>
            {TRIM_SIZE_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <p className="field-hint">The printed page, with running heads and an inside margin that grows with the page count as KDP asks.</p>
          <label className="checkbox">
            <input type="checkbox" name="rightHandChapters" />
            <span>
              Chapters open on a right-hand page <span className="muted">— with a blank page before one when needed</span>
            </span>
          </label>
          <label className="checkbox">
            <input type="checkbox" name="pdfx" aria-describedby="export-pdfx-hint" />
            <span>PDF/X for the printer</span>
          </label>
          <p id="export-pdfx-hint" className="field-hint">
            PDF/X-3 in CMYK, as KDP and IngramSpark take it; takes longer (about 15 s for a 300-page novel).
          </p>
          <PrintPreview bookId={bookId} theme={theme} trimSize={trimSize} />
        </div>
      )}
      {format === "txt" && (
        <fieldset className="export-text-field">
          <legend>Plain text</legend>
          <label className="checkbox">
            <input type="checkbox" name="platformLayout" aria-describedby="export-platform-hint" />
            <span>For web-novel platforms</span>
          </label>
          <p id="export-platform-hint" className="field-hint">
            Every paragraph indented with two full-width spaces (　　), as 起点 and 番茄 take it; scene breaks a blank line.
          </p>
          <label className="checkbox">
            <input type="checkbox" name="blankLines" defaultChecked />
            <span>A blank line between paragraphs</span>
          </label>
          <label className="checkbox">
            <input type="checkbox" name="crlf" />
            <span>
              Windows line endings <span className="muted">(CRLF)</span>
            </span>
          </label>
          <div className="field">
            <label htmlFor="export-encoding">Encoding</label>
            <select id="export-encoding" name="encoding" defaultValue="utf-8">
              <option value="utf-8">UTF-8</option>
              <option value="gb18030">GB18030 (older Chinese tools)</option>
            </select>
          </div>
          <label className="checkbox">
            <input type="checkbox" name="splitChapters" />
            <span>
              One file per chapter <span className="muted">— in a zip, named 001 第一回 ….txt</span>
            </span>
          </label>
        </fieldset>
      )}
      <div className="field">
        <label htmlFor="export-scene-break">Scene breaks</label>
        <select id="export-scene-break" name="sceneBreak" defaultValue="">
          {SCENE_BREAK_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="export-chapters-field">
        <legend>Chapters</legend>
        <label className="checkbox">
          <input type="checkbox" name="allChapters" checked={allChapters} onChange={(event) => setAllChapters(event.target.checked)} />
          <span>All {chapters.length} chapters</span>
        </label>
        {!allChapters && (
          <div className="export-chapters" role="group" aria-label="Chapters to export">
            {chapters.map((chapter, index) => (
              <label key={chapter.id} className="checkbox">
                <input type="checkbox" name="chapter" value={chapter.id} defaultChecked />
                <span>{chapter.title.trim() || `Chapter ${index + 1}`}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {!manuscriptFormat && (
        <details className="export-front-matter" open={!!(frontMatter.copyright || frontMatter.dedication) || undefined}>
          <summary>Front matter</summary>
          <div className="field">
            <label htmlFor="export-copyright">Copyright page</label>
            <textarea id="export-copyright" name="copyright" rows={3} maxLength={2000} placeholder="Copyright © 2026 Your Name. All rights reserved." value={frontMatter.copyright} onChange={(event) => setFrontMatter({ ...frontMatter, copyright: event.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="export-dedication">Dedication</label>
            <textarea id="export-dedication" name="dedication" rows={2} maxLength={1000} placeholder="For …" value={frontMatter.dedication} onChange={(event) => setFrontMatter({ ...frontMatter, dedication: event.target.value })} />
            <p className="field-hint">
              Each on its own page after the title page{savesFrontMatter ? "; kept with the book, as in Book details" : ""}. Acknowledgements and About the author, from Book details, follow the
              last chapter.
            </p>
          </div>
        </details>
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

/** The plain-text options the form asks for, as the export's query names them (defaults left out). */
function textChoices(fields: FormData): Record<string, string> {
  return {
    ...(fields.get("platformLayout") === "on" && { layout: "platform" }),
    ...(fields.get("blankLines") !== "on" && { paragraphSpacing: "none" }),
    ...(fields.get("crlf") === "on" && { lineEndings: "crlf" }),
    ...(fields.get("encoding") === "gb18030" && { encoding: "gb18030" }),
    ...(fields.get("splitChapters") === "on" && { split: "chapters" }),
  };
}

function rank(id: string): number {
  const index = FIRST.indexOf(id);
  return index === -1 ? FIRST.length : index;
}

/**
 * The print PDF's first pages as the server sets them (GET /books/{bookId}/print-preview), drawn
 * again when the theme or the trim size changes; the last pages stay until the new ones come.
 */
function PrintPreview({ bookId, theme, trimSize }: { bookId: string; theme: ThemeId; trimSize: string }) {
  const preview = trpc.convert.printPreview.useQuery({ bookId, theme, trimSize: trimSize as "6x9" }, { placeholderData: (previous) => previous, staleTime: 60_000, retry: false });
  const pages = preview.data?.pages ?? [];
  return (
    <section className="print-preview" aria-label="Preview of the first pages" aria-busy={preview.isFetching || undefined}>
      <p className="field-hint">
        {preview.isError ? "The preview could not be drawn; the export is not affected." : preview.isFetching ? "Drawing the first pages…" : "The first pages as they will print."}
      </p>
      <div className="print-preview-pages">
        {pages.map((page) => (
          // eslint-disable-next-line @next/next/no-img-element -- a data: URL the server drew; next/image has nothing to optimise
          <img key={page.number} src={`data:${page.mediaType};base64,${page.base64}`} alt={`Page ${page.number}`} />
        ))}
      </div>
    </section>
  );
}
