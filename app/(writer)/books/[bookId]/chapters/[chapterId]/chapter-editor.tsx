"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { useProblems } from "@/app/_components/use-problems";
import { trpc } from "@/app/_trpc/client";
import { fieldProblems } from "@/server/errors";
import { BookSearch } from "../../../_components/search/book-search";
import { countProse } from "@/server/text/prose";
import type { CountRule, ParagraphIndent } from "@/server/text/text-rules";
import { quotesCurlByDefault } from "@/server/text/smart-punctuation";
import type { ServerChapter } from "./chapter-api";
import { entryCard, isBuiltInKind, type CardWords } from "./bible-card";
import type { MarkedEntry } from "./bible-marks";
import { BiblePanel, type EditorMention } from "./bible-panel";
import { ChapterSync, type SaveStatus } from "./chapter-sync";
import { CommentsPanel, useChapterThreads, type CommentTarget } from "./comments-panel";
import { SuggestionsPanel, useChapterSuggestions } from "./suggestions-panel";
import { ScenesPanel } from "./scenes-panel";
import { ConflictDialog } from "./conflict-dialog";
import { speakProblemsIn } from "./chapter-api";
import { useCountWords } from "./use-count-words";
import styles from "./editor.module.css";

/** The longest selection the editor hands to the foreshadowing board in its link: a paragraph or two. */
const FORESHADOWING_QUOTE_IN_LINK = 1_000;
import { HistoryDialog } from "./history-dialog";
import { MarkdownEditor, type MarkdownEditorHandle } from "./markdown-editor";
import { SaveIndicator } from "./save-indicator";
import { SignInDialog } from "./sign-in-dialog";
import { SessionProgress, TodayCount, useDayCount } from "./writing-goals";

export interface ChapterListEntry {
  id: string;
  title: string;
  wordCount: number;
}

interface ChapterEditorProps {
  /** language: the book's BCP 47 tag, for the text's shaping and the count's unit */
  /** countRule and paragraphIndent: the book's text rules, for the live count and the paragraphs' indent (decision 0491) */
  book: { id: string; title: string; language: string; countRule: CountRule; paragraphIndent: ParagraphIndent };
  chapterId: string;
  chapter: ServerChapter;
  chapters: ChapterListEntry[];
  email: string;
  /** the writer's account, and whether they own the book (they may delete anyone's comments) */
  me: { id: string; owner: boolean };
}

const COUNT_PAUSE_MS = 250;
/**
 * The writer's choice of typographer's punctuation while typing, remembered in this browser; with
 * no choice made, on where the book's language quotes “so” (quotesCurlByDefault).
 */
const SMART_PUNCTUATION_KEY = "inkstone-smart-punctuation";
/** The writer's choice of the Markdown source on every line ("on") over live preview (the default), remembered in this browser. */
const MARKDOWN_SOURCE_KEY = "inkstone-markdown-source";
/** The writer's choice of the bible's name marks in the text (on unless turned off), remembered in this browser. */
const BIBLE_MARKS_KEY = "inkstone-bible-marks";
const AddToBibleDialog = lazy(() => import("./add-to-bible-dialog"));

/** The chapter editor: the chapter list, the writing surface, and the safety around it. */
export function ChapterEditor({ book, chapterId, chapter, chapters, email, me }: ChapterEditorProps) {
  const t = useTranslations("editor");
  const format = useFormatter();
  const countWords = useCountWords();
  const problems = useProblems();
  // The save engine's and the history's failures, in the page's language (before the engine starts below).
  useLayoutEffect(() => speakProblemsIn(problems), [problems]);
  const router = useRouter();
  const ids = useMemo(() => ({ bookId: book.id, chapterId }), [book.id, chapterId]);
  const path = `/books/${book.id}/chapters/${chapterId}`;
  const editor = useRef<MarkdownEditorHandle>(null);
  const sync = useRef<ChapterSync | null>(null);

  const [title, setTitle] = useState(chapter.title);
  const titleRef = useRef(chapter.title);
  /** the title as the API's schema accepts it, or null while it is refused or being checked */
  const validTitle = useRef<string | null>(chapter.title);
  /** while an input method composes in the title's field: the title it had before (decision 0513) */
  const titleComposition = useRef<{ before: string | null } | null>(null);
  const [titleError, setTitleError] = useState<string>();
  const titleField = useRef<HTMLTextAreaElement>(null);
  // Where CSS cannot size the title's field to its lines (field-sizing), it is sized here.
  useLayoutEffect(() => {
    const field = titleField.current;
    if (!field || CSS.supports("field-sizing", "content")) return;
    field.style.height = "auto";
    field.style.height = `${field.scrollHeight}px`;
  }, [title]);
  const [status, setStatus] = useState<SaveStatus>({ state: "saved" });
  const [version, setVersion] = useState(chapter.version);
  const [words, setWords] = useState(chapter.wordCount);
  const [savedCounts, setSavedCounts] = useState<Record<string, number>>({});
  const [notice, setNotice] = useState<string>();
  const [focusMode, setFocusMode] = useState(false);
  const [dialog, setDialog] = useState<"history" | "conflict" | "sign-in" | null>(null);
  const [newer, setNewer] = useState<number | null>(null);
  const [smartPunctuation, setSmartPunctuation] = useState(false);
  const [source, setSource] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const searchToggle = useRef<HTMLButtonElement>(null);
  const [bibleMarks, setBibleMarks] = useState(true);
  /** the name "Add to bible" was chosen on, while its form is open */
  const [adding, setAdding] = useState<string | null>(null);

  // Comments: the panel beside the text, the words a new one is on, the thread being read.
  const searchParams = useSearchParams();
  const [commentsOpen, setCommentsOpen] = useState(searchParams.get("thread") !== null);
  const [commentTarget, setCommentTarget] = useState<CommentTarget | null>(null);
  const [activeThread, setActiveThread] = useState<string | null>(searchParams.get("thread"));
  const threads = useChapterThreads(book.id, chapterId);
  const openThreads = useMemo(() => (threads.data?.items ?? []).filter((thread) => !thread.resolved), [threads.data]);
  const editorComments = useMemo(
    () => ({
      threads: openThreads,
      active: activeThread,
      onOpen: (id: string) => {
        setCommentsOpen(true);
        setActiveThread(id);
      },
    }),
    [openThreads, activeThread],
  );
  // Suggested edits (decision 0496): drawn in the text as differences; the panel accepts and rejects them.
  const [suggestionsOpen, setSuggestionsOpen] = useState(searchParams.get("suggestion") !== null);
  const suggestions = useChapterSuggestions(book.id, chapterId);
  // Scenes (decision 0499): the panel names, reorders and moves them, and splits a chapter at its breaks.
  const [scenesOpen, setScenesOpen] = useState(searchParams.get("scenes") !== null);
  const editorSuggestions = useMemo(() => ({ items: suggestions.data?.items ?? [], onOpen: () => setSuggestionsOpen(true) }), [suggestions.data]);
  const commentOnSelection = useCallback(() => {
    const target = editor.current?.commentTarget() ?? null;
    if (!target) return setNotice(t("notices.selectToComment"));
    setCommentTarget(target);
    setCommentsOpen(true);
  }, [t]);

  // Foreshadowing (decision 0501): the selected words go to the board, which plants a new one there
  // or pays an open one off there; the editor saves what waits as it leaves.
  const foreshadowSelection = useCallback(() => {
    const target = editor.current?.commentTarget() ?? null;
    if (!target) return setNotice(t("notices.selectToForeshadow"));
    if (target.quote.length > FORESHADOWING_QUOTE_IN_LINK) return setNotice(t("notices.foreshadowTooLong", { max: FORESHADOWING_QUOTE_IN_LINK }));
    const query = new URLSearchParams({ chapter: chapterId, start: String(target.start), end: String(target.end), quote: target.quote });
    router.push(`/books/${book.id}/foreshadowing?${query}`);
  }, [router, book.id, chapterId, t]);

  useEffect(() => {
    // Read after hydration: the server cannot know this browser's choice.
    const smart = localStorage.getItem(SMART_PUNCTUATION_KEY);
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSmartPunctuation(smart === null ? quotesCurlByDefault(book.language) : smart === "on");
    setBibleMarks(localStorage.getItem(BIBLE_MARKS_KEY) !== "off");
    setSource(localStorage.getItem(MARKDOWN_SOURCE_KEY) === "on");
  }, [book.language]);
  const toggleSource = useCallback(() => {
    setSource((on) => {
      localStorage.setItem(MARKDOWN_SOURCE_KEY, on ? "off" : "on");
      return !on;
    });
  }, []);
  const toggleBibleMarks = () => {
    setBibleMarks((on) => {
      localStorage.setItem(BIBLE_MARKS_KEY, on ? "off" : "on");
      return !on;
    });
  };

  // The story bible's names: marked in the text, completed after @, counted in the side panel.
  const utils = trpc.useUtils();
  const bibleNames = trpc.bible.names.useQuery({ bookId: book.id }, { staleTime: 60_000, refetchOnWindowFocus: true });
  const bibleEntries = bibleNames.data;
  const markedList = useMemo<MarkedEntry[]>(
    () => (bibleEntries ?? []).map((entry) => ({ id: entry.id, kind: entry.kind, names: [entry.name, ...entry.aliases] })),
    [bibleEntries],
  );
  const [mentions, setMentions] = useState<EditorMention[]>([]);
  const cardWords = useMemo<CardWords>(
    () => ({
      kind: (kind) => (isBuiltInKind(kind) ? t(`bible.kinds.${kind}`) : kind),
      also: (names) => t("bible.also", { names }),
      openEntry: t("bible.openEntry"),
    }),
    [t],
  );
  const card = useCallback(
    (id: string) => {
      const entry = bibleEntries?.find((candidate) => candidate.id === id);
      if (!entry) return null;
      const dom = entryCard(entry, `/books/${book.id}/bible/${entry.id}`, book.language, cardWords);
      // The description is the entry's own read; the card fills it in when it comes.
      void utils.bible.getEntry.fetch({ bookId: book.id, entryId: id }, { staleTime: 60_000 }).then(
        (full) => dom.replaceWith(entryCard({ ...full, status: full.status.note }, `/books/${book.id}/bible/${id}`, book.language, cardWords)),
        () => {},
      );
      return dom;
    },
    [bibleEntries, book.id, book.language, utils, cardWords],
  );
  const bible = useMemo(() => ({ entries: markedList, marked: bibleMarks, card }), [markedList, bibleMarks, card]);
  // The entries arrived or changed: the editor (a child, so its effect ran first) knows them now.
  useEffect(() => {
    setMentions(editor.current?.mentions() ?? []);
  }, [markedList]);
  const toggleSmartPunctuation = () => {
    setSmartPunctuation((on) => {
      localStorage.setItem(SMART_PUNCTUATION_KEY, on ? "off" : "on");
      return !on;
    });
  };
  // The chapter list as a drawer, on screens too narrow for it beside the text (editor.module.css).
  const [listOpen, setListOpen] = useState(false);
  const listToggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!listOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setListOpen(false);
      listToggle.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [listOpen]);

  // A search result's link (?at=&len=): that stretch of the text selected and in view, again
  // whenever another result in this chapter is followed. A library result knows the words it
  // matched but not where (?find=): their first appearance is selected.
  const at = searchParams.get("at");
  const len = searchParams.get("len");
  const find = searchParams.get("find");
  useEffect(() => {
    const from = at === null ? (find ? (editor.current?.text().indexOf(find) ?? -1) : -1) : Number(at);
    if (!Number.isSafeInteger(from) || from < 0) return;
    const length = at === null ? find!.length : Number(len);
    editor.current?.select(from, from + (Number.isSafeInteger(length) && length > 0 ? length : 0));
  }, [at, len, find]);

  const position = chapters.findIndex((c) => c.id === chapterId);
  const previous = chapters[position - 1];
  const next = chapters[position + 1];
  const hrefOf = (id: string) => `/books/${book.id}/chapters/${id}`;

  // Counted with the server's own function, a moment after typing stops (a 10,000-word chapter
  // costs well under a millisecond, but no keystroke should wait for it).
  const countTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const recount = useCallback(() => {
    const count = countProse(editor.current?.text() ?? "", book.countRule);
    setWords(count);
    setMentions(editor.current?.mentions() ?? []);
  }, [book.countRule]);

  useEffect(() => {
    const engine = new ChapterSync(ids, chapter, {
      text: () => editor.current?.text() ?? chapter.content,
      composing: () => (editor.current?.composing() ?? false) || titleComposition.current !== null,
      title: () => (titleComposition.current ? titleComposition.current.before : validTitle.current),
      replace: ({ content, title: nextTitle }) => {
        editor.current?.replace(content);
        titleRef.current = validTitle.current = nextTitle;
        setTitle(nextTitle);
        setTitleError(undefined);
        recount();
      },
      titleRefused: setTitleError,
      onStatus: (next) => {
        setStatus(next);
        // A conflict or a sign-out opens its dialog; the dialog goes when its cause has.
        setDialog((open) => {
          if (next.state === "conflict") return "conflict";
          if (next.state === "signed-out") return open ?? "sign-in";
          return open === "conflict" || open === "sign-in" ? null : open;
        });
      },
      onSaved: (saved) => {
        setVersion(saved.version);
        // The server moved the threads with the text: their places come again.
        void utils.comments.list.invalidate({ bookId: book.id, chapterId });
        void utils.suggestions.list.invalidate({ bookId: book.id, chapterId });
        setSavedCounts((counts) => ({ ...counts, [chapterId]: saved.wordCount }));
      },
      notice: setNotice,
      newer: setNewer,
      words: (key, values) => t(`sync.${key}`, values),
    });
    sync.current = engine;
    countTimer.current = setTimeout(recount, 0);
    void engine.start();

    const leaving = () => void engine.flush(true);
    // Coming back to the tab: what waits is sent, and a newer version saved elsewhere is looked for.
    const hidden = () => (document.visibilityState === "hidden" ? leaving() : void engine.lookForNewer());
    const back = () => {
      engine.retry();
      void engine.lookForNewer();
    };
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("pagehide", leaving);
    window.addEventListener("online", back);
    window.addEventListener("focus", back);
    return () => {
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("pagehide", leaving);
      window.removeEventListener("online", back);
      window.removeEventListener("focus", back);
      // Moving to another chapter inside the app: what is unsent goes now (and is in the draft).
      leaving();
      engine.dispose();
      clearTimeout(countTimer.current);
    };
    // One engine per chapter: the page is keyed by chapter, so these never change under it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const edited = useCallback(() => {
    sync.current?.edited();
    clearTimeout(countTimer.current);
    countTimer.current = setTimeout(recount, COUNT_PAUSE_MS);
  }, [recount]);

  const changeTitle = async (value: string) => {
    titleRef.current = value;
    validTitle.current = null;
    setTitle(value);
    // A composition's half-typed title is no edit yet: its end is (decision 0513).
    if (!titleComposition.current) sync.current?.edited();
    // The API's own schema, loaded with zod the first time a title is edited.
    const { chapterTitle } = await import("@/server/chapters/schemas");
    if (titleRef.current !== value) return;
    const checked = chapterTitle.safeParse(value);
    validTitle.current = checked.success ? checked.data : null;
    // A save that fell while the check loaded went without this title: it is an edit still to save.
    if (checked.success && !titleComposition.current) sync.current?.edited();
    // Worded as the server's refusal of it would be, in the page's language (app/_components/problem.ts).
    setTitleError(checked.success ? undefined : Object.values(problems.fieldsOf(fieldProblems(checked.error.issues)))[0]);
  };

  const go = useCallback(
    (target: ChapterListEntry | undefined) => {
      if (!target) return;
      void sync.current?.flush();
      router.push(hrefOf(target.id));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [router, book.id],
  );

  // Shortcuts that work wherever focus is: CodeMirror binds none of these keys, and a key it
  // handled (defaultPrevented) is left alone.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const mod = event.ctrlKey || event.metaKey;
      if (event.altKey && !mod && event.key === "PageDown") go(next);
      else if (event.altKey && !mod && event.key === "PageUp") go(previous);
      else if (mod && event.altKey && event.code === "BracketRight") go(next);
      else if (mod && event.altKey && event.code === "BracketLeft") go(previous);
      else if (mod && event.shiftKey && event.key.toLowerCase() === "f") setFocusMode((on) => !on);
      else if (mod && event.shiftKey && !event.altKey && event.key.toLowerCase() === "e") toggleSource();
      else if (mod && !event.shiftKey && !event.altKey && event.key.toLowerCase() === "s") void sync.current?.flush();
      else if (mod && event.altKey && event.code === "KeyM") commentOnSelection();
      else if (event.key === "Escape" && focusMode && dialog === null) setFocusMode(false);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [go, next, previous, focusMode, dialog, toggleSource, commentOnSelection]);

  const counts = (entry: ChapterListEntry) => savedCounts[entry.id] ?? entry.wordCount;
  const savedWords = savedCounts[chapterId] ?? chapter.wordCount;
  const saved = useMemo(() => ({ version, words: savedWords }), [version, savedWords]);
  const day = useDayCount(words, saved);

  return (
    <div className={focusMode ? `${styles.workspace} ${styles.focus}` : styles.workspace} data-comments={commentsOpen || suggestionsOpen || scenesOpen || undefined}>
      <nav id="chapter-list" aria-label={t("sidebar.nav")} className={styles.sidebar} data-open={listOpen || undefined}>
        <button type="button" className={`button ghost small ${styles.drawerClose}`} onClick={() => setListOpen(false)}>
          {t("sidebar.close")}
        </button>
        <p className={styles.bookTitle} lang={book.language}>
          <Link href={`/books/${book.id}`}>{book.title}</Link>
        </p>
        <ol className={styles.chapterList} lang={book.language}>
          {chapters.map((entry) => (
            <li key={entry.id}>
              <Link href={hrefOf(entry.id)} aria-current={entry.id === chapterId ? "page" : undefined} onClick={() => void sync.current?.flush()}>
                <span className={styles.chapterName}>{entry.id === chapterId ? title || t("sidebar.untitled") : entry.title}</span>
                <span className={styles.chapterWords}>{format.number(entry.id === chapterId ? words : counts(entry))}</span>
              </Link>
            </li>
          ))}
        </ol>
        <BiblePanel
          bookId={book.id}
          language={book.language}
          entries={bibleEntries ?? []}
          mentions={mentions}
          marked={bibleMarks}
          onToggleMarks={toggleBibleMarks}
          onJump={(mention) => {
            setListOpen(false);
            editor.current?.selectInEditor(mention.from, mention.to);
          }}
        />
        <details className={styles.shortcuts}>
          <summary>{t("shortcuts.title")}</summary>
          <dl>
            <dt>Alt+Page Down · Ctrl+Alt+]</dt>
            <dd>{t("shortcuts.nextChapter")}</dd>
            <dt>Alt+Page Up · Ctrl+Alt+[</dt>
            <dd>{t("shortcuts.previousChapter")}</dd>
            <dt>Ctrl+Shift+F</dt>
            <dd>{t("shortcuts.focusMode")}</dd>
            <dt>Ctrl+Shift+E</dt>
            <dd>{t("shortcuts.markdown")}</dd>
            <dt>Ctrl+I · Ctrl+B</dt>
            <dd>{t("shortcuts.emphasis")}</dd>
            <dt>Ctrl+S</dt>
            <dd>{t("shortcuts.save")}</dd>
            <dt>@</dt>
            <dd>{t("shortcuts.complete")}</dd>
            <dt>Ctrl+F</dt>
            <dd>{t("shortcuts.find")}</dd>
            <dt>Ctrl+Alt+M</dt>
            <dd>{t("shortcuts.comment")}</dd>
            <dt>Ctrl+Z · Ctrl+Shift+Z</dt>
            <dd>{t("shortcuts.undo")}</dd>
            <dt>Tab · Shift+Tab</dt>
            <dd>{t("shortcuts.leave")}</dd>
          </dl>
          <p className="muted">{t("shortcuts.mac")}</p>
        </details>
      </nav>

      <section aria-label={t("page.section")} className={styles.writing}>
        <div className={styles.toolbar}>
          <button
            type="button"
            ref={listToggle}
            className={styles.listToggle}
            aria-expanded={listOpen}
            aria-controls="chapter-list"
            onClick={() => setListOpen((open) => !open)}
          >
            {t("toolbar.chapters")}
          </button>
          <SaveIndicator status={status} onResolve={() => setDialog("conflict")} onSignIn={() => setDialog("sign-in")} onRetry={() => sync.current?.retry()} />
          <span className={styles.count}>
            <span>{countWords(words, book.language)}</span>
            <TodayCount day={day} />
          </span>
          {day && <SessionProgress day={day} language={book.language} />}
          <span className={styles.tools}>
            <button
              type="button"
              ref={searchToggle}
              className={styles.tool}
              aria-expanded={searchOpen}
              aria-controls="book-search"
              onClick={() => setSearchOpen((open) => !open)}
            >
              {t("toolbar.searchBook")}
            </button>
            <button type="button" className={styles.tool} onClick={() => setDialog("history")}>
              {t("toolbar.history")}
            </button>
            <button type="button" className={styles.tool} aria-keyshortcuts="Control+Alt+M" title={t("toolbar.addCommentTitle")} onClick={commentOnSelection}>
              {t("toolbar.addComment")}
            </button>
            <button type="button" className={styles.tool} title={t("toolbar.foreshadowingTitle")} onClick={foreshadowSelection}>
              {t("toolbar.foreshadowing")}
            </button>
            <button type="button" className={styles.tool} aria-expanded={commentsOpen} aria-controls="comments-panel" onClick={() => setCommentsOpen((open) => !open)}>
              {t("toolbar.comments", { count: openThreads.length })}
            </button>
            <button type="button" className={styles.tool} aria-expanded={suggestionsOpen} aria-controls="suggestions-panel" onClick={() => setSuggestionsOpen((open) => !open)}>
              {t("toolbar.suggestions", { count: editorSuggestions.items.length })}
            </button>
            <button type="button" className={styles.tool} aria-expanded={scenesOpen} aria-controls="scenes-panel" onClick={() => setScenesOpen((open) => !open)}>
              {t("toolbar.scenes")}
            </button>
            <button
              type="button"
              className={styles.tool}
              title={t("toolbar.addToBibleTitle")}
              onClick={() => {
                const name = editor.current?.selectedText() ?? "";
                if (name) setAdding(name);
                else setNotice(t("notices.selectName"));
              }}
            >
              {t("toolbar.addToBible")}
            </button>
            <button
              type="button"
              className={styles.tool}
              aria-pressed={smartPunctuation}
              title={t("toolbar.smartQuotesTitle")}
              onClick={toggleSmartPunctuation}
            >
              {t("toolbar.smartQuotes")}
            </button>
            <button
              type="button"
              className={styles.tool}
              aria-pressed={source}
              aria-keyshortcuts="Control+Shift+E"
              title={t("toolbar.markdownTitle")}
              onClick={toggleSource}
            >
              {t("toolbar.markdown")}
            </button>
            <button type="button" className={styles.tool} aria-pressed={focusMode} onClick={() => setFocusMode((on) => !on)}>
              {focusMode ? t("toolbar.leaveFocus") : t("toolbar.focus")}
            </button>
          </span>
        </div>

        {searchOpen && (
          <section
            id="book-search"
            aria-labelledby="book-search-heading"
            className={styles.bookSearch}
            onKeyDown={(event) => {
              if (event.key !== "Escape") return;
              event.stopPropagation();
              setSearchOpen(false);
              searchToggle.current?.focus();
            }}
          >
            <div className={styles.bookSearchHead}>
              <h2 id="book-search-heading">{t("search.heading")}</h2>
              <button
                type="button"
                className="button ghost small"
                onClick={() => {
                  setSearchOpen(false);
                  searchToggle.current?.focus();
                }}
              >
                {t("search.close")}
              </button>
            </div>
            <p className="muted">{t("search.hint")}</p>
            <BookSearch
              bookId={book.id}
              language={book.language}
              chapters={chapters}
              beforePreview={async () => {
                await sync.current?.flush();
              }}
              onChanged={(touched) => {
                // This chapter among them: its new text comes in (or, with unsent typing here, meets it as a conflict to merge).
                if (touched.includes(chapterId)) void sync.current?.lookForNewer().then(() => sync.current?.loadNewer());
              }}
            />
          </section>
        )}

        {notice && (
          <p role="status" className={styles.notice}>
            {notice}{" "}
            <button type="button" className="link-button" onClick={() => setNotice(undefined)}>
              {t("notices.dismiss")}
            </button>
          </p>
        )}

        {newer !== null && (
          <p role="status" className={styles.notice}>
            {t("notices.newer", { version: newer })}{" "}
            {status.state === "saved" ? (
              <button type="button" className="link-button" onClick={() => void sync.current?.loadNewer()}>
                {t("notices.loadNewer")}
              </button>
            ) : (
              t("notices.newerCompared")
            )}
          </p>
        )}

        <div className={styles.page} lang={book.language}>
          {/* The title field is the visible heading; this one is what heading navigation finds. */}
          <h1 className="visually-hidden">{title || t("page.untitledChapter")}</h1>
          <label htmlFor="chapter-title" className="visually-hidden">
            {t("page.titleLabel")}
          </label>
          {/* A title wraps where the page is narrower than it (a phone): a field of one line cut it off.
              It stays one line of text: Enter goes on into the chapter, a pasted line break is a space. */}
          <textarea
            ref={titleField}
            id="chapter-title"
            className={styles.title}
            rows={1}
            value={title}
            onChange={(event) => void changeTitle(event.target.value.replace(/[\r\n]+/g, " "))}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              editor.current?.focus();
            }}
            onBlur={() => void sync.current?.flush()}
            onCompositionStart={() => {
              titleComposition.current = { before: validTitle.current };
            }}
            onCompositionEnd={() => {
              titleComposition.current = null;
              sync.current?.edited();
            }}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? "chapter-title-error" : undefined}
            placeholder={t("page.untitledChapter")}
            autoComplete="off"
          />
          {titleError && (
            <p id="chapter-title-error" className={styles.titleError}>
              {titleError}
            </p>
          )}
          <MarkdownEditor
            ref={editor}
            initialText={chapter.content}
            label={title ? t("page.textOf", { title }) : t("page.textOfThisChapter")}
            className={styles.editor}
            smartPunctuation={smartPunctuation}
            source={source}
            typewriter={focusMode}
            paragraphIndent={book.paragraphIndent}
            bible={bible}
            comments={editorComments}
            suggestions={editorSuggestions}
            onEdit={edited}
            onBlur={() => void sync.current?.flush()}
          />
        </div>

        <div className={styles.pager} lang={book.language}>
          {previous ? (
            <Link href={hrefOf(previous.id)} onClick={() => void sync.current?.flush()} rel="prev">
              ← {previous.title}
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link href={hrefOf(next.id)} onClick={() => void sync.current?.flush()} rel="next">
              {next.title} →
            </Link>
          )}
        </div>
      </section>

      {(commentsOpen || suggestionsOpen || scenesOpen) && (
        <div className={styles.sidePanels}>
      {scenesOpen && (
        <ScenesPanel
          bookId={book.id}
          chapterId={chapterId}
          language={book.language}
          chapters={chapters.filter((entry) => entry.id !== chapterId)}
          change={async (run) => {
            try {
              return (await sync.current?.changeOnServer(() => run(sync.current!.version))) ?? null;
            } catch {
              return ""; // refused (409 and the like): the panel shows why, from its mutation
            }
          }}
        />
      )}
      {suggestionsOpen && (
        <SuggestionsPanel
          bookId={book.id}
          chapterId={chapterId}
          language={book.language}
          mayReview
          target={null}
          onTargetDone={() => undefined}
          decide={async (run) => {
            try {
              return (await sync.current?.changeOnServer(run)) ?? null;
            } catch {
              return ""; // refused (409 and the like): the panel shows why, from its mutation
            }
          }}
          onSelect={(suggestion) => {
            if (suggestion.start === null) return;
            const found = editor.current?.showText(suggestion.quote, suggestion.start);
            if (!found) setNotice(t("notices.notInText"));
          }}
        />
      )}
      {commentsOpen && (
        <CommentsPanel
          bookId={book.id}
          chapterId={chapterId}
          language={book.language}
          me={me.id}
          owner={me.owner}
          target={commentTarget}
          beforeCreate={async () => {
            await sync.current?.flush();
          }}
          onTargetDone={() => setCommentTarget(null)}
          active={activeThread}
          onSelect={(thread) => {
            setActiveThread(thread.id);
            if (!editor.current?.showThread(thread.id)) setNotice(t("notices.notInText"));
          }}
        />
      )}
        </div>
      )}
      {status.state === "conflict" && (
        <ConflictDialog
          conflict={status.conflict}
          language={book.language}
          countRule={book.countRule}
          open={dialog === "conflict"}
          onClose={() => setDialog(null)}
          onResolve={async (choice) => {
            await sync.current?.resolve(choice);
            setDialog(null);
          }}
        />
      )}
      <HistoryDialog
        ids={ids}
        language={book.language}
        open={dialog === "history"}
        currentVersion={version}
        currentText={() => editor.current?.text() ?? ""}
        onClose={() => setDialog(null)}
        onRestore={async (revision) => {
          const problem = (await sync.current?.restoreRevision(revision)) ?? null;
          if (!problem) setNotice(t("notices.restored", { version: revision }));
          return problem;
        }}
      />
      {adding !== null && (
        <Suspense fallback={null}>
          <AddToBibleDialog
            bookId={book.id}
            language={book.language}
            name={adding}
            onClose={() => setAdding(null)}
            onAdded={(entry) => {
              setAdding(null);
              setNotice(t("notices.inBible", { name: entry.name }));
              void utils.bible.names.invalidate({ bookId: book.id });
              editor.current?.focus();
            }}
          />
        </Suspense>
      )}
      <SignInDialog
        open={dialog === "sign-in"}
        email={email}
        message={status.state === "signed-out" ? status.message : t("notices.signedOut")}
        returnTo={path}
        onClose={() => setDialog(null)}
        onSignedIn={() => {
          setDialog(null);
          sync.current?.retry();
        }}
      />
    </div>
  );
}
