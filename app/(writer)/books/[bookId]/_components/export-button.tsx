"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Dialog } from "../../../../_components/dialog";
import { trpc } from "../../../../_trpc/client";
import { FormAlert } from "../../../../_components/form-alert";
import { useProblems } from "../../../../_components/use-problems";
import { failureSentence, followJob, saveFile, send } from "../../_components/transfer";
import { TransferProgress, useTransfer } from "../../_components/transfer-progress";
import { THEMES, type ThemeId } from "../../../../../server/convert/engine/export-options";
import { sceneName } from "@/app/_components/scene-name";

interface ExportFormat {
  id: string;
  name: string;
}

/** The trim sizes the PDF is set in (the API's trimSize); the catalog names each as a printer does. */
const TRIM_SIZES = ["6x9", "5.5x8.5", "5.25x8", "5x8", "a5", "140x203mm", "185x260mm"] as const;

/** A trim size's catalog key: a dot would nest the key (5.5x8.5 is "5_5x8_5"). */
function trimKey<T extends (typeof TRIM_SIZES)[number]>(size: T) {
  return size.replaceAll(".", "_") as T extends `${infer A}.${infer B}.${infer C}` ? `${A}_${B}_${C}` : T extends `${infer A}.${infer B}` ? `${A}_${B}` : T;
}

/** What a scene break prints as (the API's sceneBreak); "" is each format's own mark ("own" in the catalog). */
const SCENE_BREAKS = ["", "stars", "hash", "asterism", "blank"] as const;

/** The formats whose names hold words to translate; the others are proper names (LaTeX, Typst, DocBook …). */
const NAMED_FORMATS = ["txt", "docx", "epub", "odt", "rtf", "org", "opml", "mediawiki"] as const;

interface ExportChapter {
  id: string;
  title: string;
  /** the part it stands in, if any (decision 0488) */
  partId?: string | null;
}

interface ExportPart {
  id: string;
  title: string;
}

interface ExportScene {
  id: string;
  chapterId: string;
  title: string;
  position: number;
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
  /** the chapters in reading order, each with its part */
  chapters: ExportChapter[];
  /** the book's parts, to export one whole (decision 0508) */
  parts?: ExportPart[];
  /** the scenes of the chapters, to export single ones (decision 0508) */
  scenes?: ExportScene[];
  /** the book's own, which the dialog starts from */
  frontMatter: FrontMatter;
  /** whether a change to the front matter is saved with the book (a caller who may write in it) */
  savesFrontMatter: boolean;
  /** the book's theme, which the dialog starts from (decision 0494) */
  theme: ThemeId;
}

/** The formats a theme sets (the server's THEMED_FORMATS). */
const THEMED = ["pdf", "epub", "docx"];

/**
 * Export on the book page: the text or the outline, of the whole book or the parts, chapters and
 * scenes ticked (decision 0508), in a format, with the manuscript, the EPUB's cover, punctuation,
 * notes, front matter and bible appendix options, progress, then a download.
 */
export function ExportButton(props: ExportProps) {
  const t = useTranslations("exportDialog");
  const [open, setOpen] = useState(false);
  // The front matter an export here just saved, over the page's copy it replaced: the dialog opened
  // again before the page's refresh arrives starts from it (it had started from the old one). Once
  // the page brings its new copy, that copy is the book's.
  const [savedHere, setSavedHere] = useState<{ over: FrontMatter; value: FrontMatter } | null>(null);
  const frontMatter = savedHere?.over === props.frontMatter ? savedHere.value : props.frontMatter;
  const onSaved = (value: FrontMatter) => setSavedHere({ over: props.frontMatter, value });
  return (
    <>
      <button type="button" className="button secondary small" onClick={() => setOpen(true)}>
        {t("open")}
      </button>
      {open && <Dialog title={t("title")} onClose={() => setOpen(false)}>{() => <ExportForm {...props} frontMatter={frontMatter} onSaved={onSaved} onDone={() => setOpen(false)} />}</Dialog>}
    </>
  );
}

function ExportForm({ bookId, hasCover, formats, chapters, parts = [], scenes = [], frontMatter: saved, savesFrontMatter, theme: booksTheme, onSaved, onDone }: ExportProps & { onSaved: (frontMatter: FrontMatter) => void; onDone: () => void }) {
  const t = useTranslations("exportDialog");
  const problems = useProblems();
  const router = useRouter();
  const [outline, setOutline] = useState(false);
  const saveFrontMatter = trpc.books.update.useMutation();
  const ordered = [...formats].sort((a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name));
  const [format, setFormat] = useState(ordered[0]?.id ?? "epub");
  const [manuscriptChosen, setManuscriptChosen] = useState(false);
  const [allChapters, setAllChapters] = useState(true);
  const [frontMatter, setFrontMatter] = useState(saved);
  const { progress, problem, run } = useTransfer();
  const manuscriptFormat = format === "docx" && manuscriptChosen && !outline;
  const [theme, setTheme] = useState<ThemeId>(booksTheme);
  const [trimSize, setTrimSize] = useState("6x9");
  const themed = THEMED.includes(format) && !manuscriptFormat;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    // The outline is the plan, not the book: what only dresses the text is not offered, nor sent.
    const manuscript = !outline && fields.get("manuscript") === "on" && format === "docx";
    const smartPunctuation = fields.get("smartPunctuation") === "on";
    const notes = !outline && fields.get("notes") === "on";
    const pdfTrim = format === "pdf" ? trimSize : "";
    // The book's own theme goes unsaid: the server sets the book in it.
    const otherTheme = themed && theme !== booksTheme ? theme : "";
    const rightHandChapters = format === "pdf" && fields.get("rightHandChapters") === "on";
    const pdfx = format === "pdf" && fields.get("pdfx") === "on";
    const paper = manuscript ? String(fields.get("paper") ?? "") : "";
    const manuscriptFont = manuscript ? String(fields.get("manuscriptFont") ?? "") : "";
    const sceneBreak = String(fields.get("sceneBreak") ?? "");
    // A manuscript for an agent carries no copyright page or dedication (the server leaves them out too).
    const copyright = manuscript || outline ? "" : frontMatter.copyright.trim();
    const dedication = manuscript || outline ? "" : frontMatter.dedication.trim();
    const bibleAppendix = !outline && fields.get("bibleAppendix") === "on";
    const leaveOutCover = !outline && format === "epub" && hasCover && fields.get("cover") !== "on";
    // Plain text's choices (issue 32 item 4): only what differs from the default is sent.
    const text = format === "txt" ? textChoices(fields, outline) : {};
    // Their union prints, in the book's order (decision 0508).
    const chosen = allChapters ? { parts: [], chapters: [], scenes: [] } : { parts: fields.getAll("part").map(String), chapters: fields.getAll("chapter").map(String), scenes: fields.getAll("scene").map(String) };
    if (!allChapters && chosen.parts.length + chosen.chapters.length + chosen.scenes.length === 0) return run({ phase: "convert", fraction: null }, async () => t("selection.noneChosen"));
    await run({ phase: "convert", fraction: null }, async (onProgress) => {
      // Kept with the book, for the next export from any browser (Book details shows it too).
      if (savesFrontMatter && !manuscript && !outline && (frontMatter.copyright !== saved.copyright || frontMatter.dedication !== saved.dedication)) {
        await saveFrontMatter.mutateAsync({ bookId, changes: { copyright: frontMatter.copyright, dedication: frontMatter.dedication } });
        onSaved(frontMatter);
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
        ...(outline && { content: "outline" }),
        ...(chosen.parts.length > 0 && { parts: chosen.parts.join(",") }),
        ...(chosen.chapters.length > 0 && { chapters: chosen.chapters.join(",") }),
        ...(chosen.scenes.length > 0 && { scenes: chosen.scenes.join(",") }),
        ...(bibleAppendix && { bibleAppendix: "1" }),
        ...(leaveOutCover && { cover: "0" }),
        ...text,
      });
      let answer = await send("GET", `/api/v1/books/${bookId}/export?${query}`, null, onProgress);
      if (answer.status === 202) answer = await followJob(answer.body!.data as Parameters<typeof followJob>[0], onProgress);
      if (answer.status !== 200 || !answer.blob) return failureSentence(answer, problems);
      saveFile(answer.blob, answer.fileName ?? `book.${format}`);
      onDone();
      return null;
    });
  }

  const busy = progress !== null;
  const formatName = (f: ExportFormat) => ((NAMED_FORMATS as readonly string[]).includes(f.id) ? t(`formats.${f.id as (typeof NAMED_FORMATS)[number]}`) : f.name);
  return (
    <form onSubmit={submit} className="stack" noValidate>
      <FormAlert message={problem} />
      <fieldset className="export-content-field">
        <legend>{t("content.legend")}</legend>
        <label className="checkbox">
          <input type="radio" name="content" value="book" checked={!outline} onChange={() => setOutline(false)} />
          <span>{t("content.book")}</span>
        </label>
        <label className="checkbox">
          <input type="radio" name="content" value="outline" checked={outline} onChange={() => setOutline(true)} aria-describedby="export-outline-hint" />
          <span>{t("content.outline")}</span>
        </label>
        <p id="export-outline-hint" className="field-hint">
          {t("content.outlineHint")}
        </p>
      </fieldset>
      <div className="field">
        <label htmlFor="export-format">{t("format")}</label>
        <select id="export-format" name="format" value={format} onChange={(event) => setFormat(event.target.value)}>
          {ordered.map((f) => (
            <option key={f.id} value={f.id}>
              {formatName(f)}
            </option>
          ))}
        </select>
        <p className="field-hint">{t("formatHint")}</p>
      </div>
      {format === "docx" && !outline && (
        <label className="checkbox">
          <input type="checkbox" name="manuscript" checked={manuscriptChosen} onChange={(event) => setManuscriptChosen(event.target.checked)} />
          <span>
            {t("manuscript.label")} <span className="muted">{t("manuscript.hint")}</span>
          </span>
        </label>
      )}
      {manuscriptFormat && (
        <div className="field">
          <label htmlFor="export-paper">{t("manuscript.paper")}</label>
          <select id="export-paper" name="paper" defaultValue="letter">
            <option value="letter">{t("manuscript.letter")}</option>
            <option value="a4">{t("manuscript.a4")}</option>
          </select>
        </div>
      )}
      {manuscriptFormat && (
        <div className="field">
          <label htmlFor="export-manuscript-font">{t("manuscript.typeface")}</label>
          <select id="export-manuscript-font" name="manuscriptFont" defaultValue="courier">
            <option value="courier">{t("manuscript.courier")}</option>
            <option value="times">{t("manuscript.times")}</option>
          </select>
        </div>
      )}
      {format === "epub" &&
        !outline &&
        (hasCover ? (
          <label className="checkbox">
            <input type="checkbox" name="cover" defaultChecked />
            <span>
              {t("cover.label")} <span className="muted">{t("cover.hint")}</span>
            </span>
          </label>
        ) : (
          <p className="field-hint">{t("cover.none")}</p>
        ))}
      {themed && (
        <div className="field">
          <label htmlFor="export-theme">{t("theme.label")}</label>
          <select id="export-theme" name="theme" value={theme} onChange={(event) => setTheme(event.target.value as ThemeId)}>
            {THEMES.map((id) => (
              <option key={id} value={id}>
                {id === booksTheme ? t("theme.booksOwn", { theme: t(`themes.${id}`) }) : t(`themes.${id}`)}
              </option>
            ))}
          </select>
          <p className="field-hint">{t("theme.hint")}</p>
        </div>
      )}
      {format === "pdf" && (
        <div className="field">
          <label htmlFor="export-trim-size">{t("trim.label")}</label>
          <select id="export-trim-size" name="trimSize" value={trimSize} onChange={(event) => setTrimSize(event.target.value)}>
            {TRIM_SIZES.map((value) => (
              <option key={value} value={value}>
                {t(`trim.${trimKey(value)}`)}
              </option>
            ))}
          </select>
          <p className="field-hint">{t("trim.hint")}</p>
          <label className="checkbox">
            <input type="checkbox" name="rightHandChapters" />
            <span>
              {t("trim.rightHand")} <span className="muted">{t("trim.rightHandHint")}</span>
            </span>
          </label>
          <label className="checkbox">
            <input type="checkbox" name="pdfx" aria-describedby="export-pdfx-hint" />
            <span>{t("trim.pdfx")}</span>
          </label>
          <p id="export-pdfx-hint" className="field-hint">
            {t("trim.pdfxHint")}
          </p>
          {!outline && <PrintPreview bookId={bookId} theme={theme} trimSize={trimSize} />}
        </div>
      )}
      {format === "txt" && (
        <fieldset className="export-text-field">
          <legend>{t("text.legend")}</legend>
          <label className="checkbox">
            <input type="checkbox" name="platformLayout" aria-describedby="export-platform-hint" />
            <span>{t("text.platform")}</span>
          </label>
          <p id="export-platform-hint" className="field-hint">
            {t("text.platformHint")}
          </p>
          <label className="checkbox">
            <input type="checkbox" name="blankLines" defaultChecked />
            <span>{t("text.blankLines")}</span>
          </label>
          <label className="checkbox">
            <input type="checkbox" name="crlf" />
            <span>
              {t("text.crlf")} <span className="muted">{t("text.crlfHint")}</span>
            </span>
          </label>
          <div className="field">
            <label htmlFor="export-encoding">{t("text.encoding")}</label>
            <select id="export-encoding" name="encoding" defaultValue="utf-8">
              <option value="utf-8">{t("text.utf8")}</option>
              <option value="gb18030">{t("text.gb18030")}</option>
            </select>
          </div>
          {!outline && (
            <label className="checkbox">
              <input type="checkbox" name="splitChapters" />
              <span>
                {t("text.split")} <span className="muted">{t("text.splitHint")}</span>
              </span>
            </label>
          )}
        </fieldset>
      )}
      {!outline && (
        <div className="field">
          <label htmlFor="export-scene-break">{t("sceneBreak.label")}</label>
          <select id="export-scene-break" name="sceneBreak" defaultValue="">
            {SCENE_BREAKS.map((value) => (
              <option key={value} value={value}>
                {t(`sceneBreak.${value === "" ? "own" : value}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <fieldset className="export-chapters-field">
        <legend>{t("selection.legend")}</legend>
        <label className="checkbox">
          <input type="checkbox" name="allChapters" checked={allChapters} onChange={(event) => setAllChapters(event.target.checked)} />
          <span>{t("selection.all", { count: chapters.length })}</span>
        </label>
        {!allChapters && <SelectionTree chapters={chapters} parts={parts} scenes={scenes} />}
      </fieldset>
      {!manuscriptFormat && !outline && (
        <details className="export-front-matter" open={!!(frontMatter.copyright || frontMatter.dedication) || undefined}>
          <summary>{t("frontMatter.summary")}</summary>
          <div className="field">
            <label htmlFor="export-copyright">{t("frontMatter.copyright")}</label>
            <textarea id="export-copyright" name="copyright" rows={3} maxLength={2000} placeholder={t("frontMatter.copyrightPlaceholder")} value={frontMatter.copyright} onChange={(event) => setFrontMatter({ ...frontMatter, copyright: event.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="export-dedication">{t("frontMatter.dedication")}</label>
            <textarea id="export-dedication" name="dedication" rows={2} maxLength={1000} placeholder={t("frontMatter.dedicationPlaceholder")} value={frontMatter.dedication} onChange={(event) => setFrontMatter({ ...frontMatter, dedication: event.target.value })} />
            <p className="field-hint">{savesFrontMatter ? t("frontMatter.hintSaved") : t("frontMatter.hint")}</p>
          </div>
        </details>
      )}
      <label className="checkbox">
        <input type="checkbox" name="smartPunctuation" />
        <span>
          {t("smartPunctuation")} <span className="muted">{t("smartPunctuationHint")}</span>
        </span>
      </label>
      {!outline && (
        <label className="checkbox">
          <input type="checkbox" name="notes" />
          <span>
            {t("notes")} <span className="muted">{t("notesHint")}</span>
          </span>
        </label>
      )}
      {!outline && (
        <label className="checkbox">
          <input type="checkbox" name="bibleAppendix" />
          <span>
            {t("bible")} <span className="muted">{t("bibleHint")}</span>
          </span>
        </label>
      )}
      <TransferProgress state={progress} />
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onDone}>
          {t("cancel")}
        </button>
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t("busy") : t("submit")}
        </button>
      </div>
    </form>
  );
}

/**
 * The parts, chapters and scenes to tick, in reading order (decision 0508): a part ticked exports
 * all its chapters, a chapter all of it, a scene its stretch alone. Chapters start ticked, as before
 * scenes and parts could be chosen; untick a chapter to choose some of its scenes instead.
 */
function SelectionTree({ chapters, parts, scenes }: { chapters: ExportChapter[]; parts: ExportPart[]; scenes: ExportScene[] }) {
  const t = useTranslations("exportDialog");
  const common = useTranslations("common");
  const scenesOf = new Map<string, ExportScene[]>();
  for (const scene of scenes) scenesOf.set(scene.chapterId, [...(scenesOf.get(scene.chapterId) ?? []), scene]);
  const partTitles = new Map(parts.map((part) => [part.id, part.title]));
  const chapterBox = (chapter: ExportChapter, index: number) => (
    <li key={chapter.id}>
      <label className="checkbox">
        <input type="checkbox" name="chapter" value={chapter.id} defaultChecked />
        <span>{chapter.title.trim() || t("selection.chapter", { number: index + 1 })}</span>
      </label>
      {(scenesOf.get(chapter.id)?.length ?? 0) > 0 && (
        <ul className="export-scenes">
          {scenesOf.get(chapter.id)!.map((scene) => (
            <li key={scene.id}>
              <label className="checkbox">
                <input type="checkbox" name="scene" value={scene.id} />
                <span>{sceneName(common, scene)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
  // Chapters in reading order, each part's together (decision 0488): a part's box opens its run.
  const rows: ReactNode[] = [];
  let openPart: { id: string; items: ReactNode[] } | null = null;
  const closePart = () => {
    if (!openPart) return;
    const { id, items } = openPart;
    rows.push(
      <li key={`part-${id}`}>
        <label className="checkbox">
          <input type="checkbox" name="part" value={id} />
          <strong>{partTitles.get(id)}</strong>
        </label>
        <ul>{items}</ul>
      </li>,
    );
    openPart = null;
  };
  chapters.forEach((chapter, index) => {
    const partId = chapter.partId && partTitles.has(chapter.partId) ? chapter.partId : null;
    if (openPart && openPart.id !== partId) closePart();
    if (partId && !openPart) openPart = { id: partId, items: [] };
    if (openPart) openPart.items.push(chapterBox(chapter, index));
    else rows.push(chapterBox(chapter, index));
  });
  closePart();
  return (
    <div className="export-chapters" role="group" aria-label={t("selection.group")} aria-describedby="export-selection-hint">
      <p id="export-selection-hint" className="field-hint">
        {t("selection.hint")}
      </p>
      <ul className="export-selection">{rows}</ul>
    </div>
  );
}

/** The plain-text options the form asks for, as the export's query names them (defaults left out). */
function textChoices(fields: FormData, outline: boolean): Record<string, string> {
  return {
    ...(fields.get("platformLayout") === "on" && { layout: "platform" }),
    ...(fields.get("blankLines") !== "on" && { paragraphSpacing: "none" }),
    ...(fields.get("crlf") === "on" && { lineEndings: "crlf" }),
    ...(fields.get("encoding") === "gb18030" && { encoding: "gb18030" }),
    ...(!outline && fields.get("splitChapters") === "on" && { split: "chapters" }),
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
  const t = useTranslations("exportDialog");
  const preview = trpc.convert.printPreview.useQuery({ bookId, theme, trimSize: trimSize as "6x9" }, { placeholderData: (previous) => previous, staleTime: 60_000, retry: false });
  const pages = preview.data?.pages ?? [];
  return (
    <section className="print-preview" aria-label={t("preview.label")} aria-busy={preview.isFetching || undefined}>
      <p className="field-hint">
        {preview.isError ? t("preview.failed") : preview.isFetching ? t("preview.drawing") : t("preview.ready")}
      </p>
      <div className="print-preview-pages">
        {pages.map((page) => (
          // eslint-disable-next-line @next/next/no-img-element -- a data: URL the server drew; next/image has nothing to optimise
          <img key={page.number} src={`data:${page.mediaType};base64,${page.base64}`} alt={t("preview.page", { number: page.number })} />
        ))}
      </div>
    </section>
  );
}
