"use client";

import { autocompletion } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { defineLanguageFacet, indentNodeProp, Language, languageDataProp, LanguageSupport, syntaxHighlighting } from "@codemirror/language";
import { search, searchKeymap } from "@codemirror/search";
import { Annotation, Compartment, EditorState } from "@codemirror/state";
import { EditorView, keymap, placeholder } from "@codemirror/view";
import { tagHighlighter, tags } from "@lezer/highlight";
import { GFM, parser } from "@lezer/markdown";
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import { useTranslations } from "use-intl";
import { emphasisKeys, richPaste, smartPunctuation } from "./writing-input";
import { paragraphInput } from "./paragraph-input";
import type { ParagraphIndent } from "@/server/text/text-rules";
import { noteDecorations } from "./note-decorations";
import { livePreview } from "./live-preview";
import { typewriterScrolling } from "./typewriter";
import { bibleCompletionSource, bibleMarks, chapterMentions, markedEntries, type MarkedEntry, setMarkedEntries } from "./bible-marks";
import { threadIn } from "@/server/comments/anchor";
import { commentMarks, markOf, setCommentMarks } from "./comment-marks";
import { setSuggestionMarks, suggestionMarks } from "./suggestion-marks";
import { committedText, composingIn, compositionEnded, compositionWatch } from "./composition";

export interface MarkdownEditorHandle {
  /** The writer's text: without what an input method is still composing (decision 0513). */
  text(): string;
  /** Whether an input method is composing in the text now. */
  composing(): boolean;
  /** Replaces the whole text without counting it as the writer's edit. */
  replace(text: string): void;
  focus(): void;
  /** Selects [from, to) of the text as the server counts it (UTF-16, a CRLF is two) and scrolls it into view. */
  select(from: number, to: number): void;
  /** Selects [from, to) of the editor's own document (a bible mention) and scrolls it into view. */
  selectInEditor(from: number, to: number): void;
  /** The selected text, trimmed ("" when nothing is selected): what "Add to bible" names. */
  selectedText(): string;
  /** Every mention of the bible's entries in the text, in the editor's positions. */
  mentions(): { id: string; from: number; to: number }[];
  /** The selection as a comment names it: offsets into the text as it is stored, and its words; null when nothing is selected. */
  commentTarget(): { start: number; end: number; quote: string } | null;
  /** Selects a thread's words and scrolls them into view; false when the text no longer holds them. */
  showThread(threadId: string): boolean;
  /** Selects words found near a stored-text offset and scrolls them into view; false when the text does not hold them. */
  showText(quote: string, near: number): boolean;
}

/** The open threads of the chapter, as the server last placed them, and the one being read. */
export interface EditorComments {
  threads: readonly { id: string; quote: string; start: number | null }[];
  active: string | null;
  onOpen(threadId: string): void;
}

/** The open suggested edits of the chapter, as the server last placed them (decision 0496). */
export interface EditorSuggestions {
  items: readonly { id: string; quote: string; start: number | null; replacement: string }[];
  onOpen(suggestionId: string): void;
}

/** The story bible in the editor: the entries to mark and complete, whether marks show, and an entry's card. */
export interface EditorBible {
  entries: readonly MarkedEntry[];
  marked: boolean;
  card(id: string): HTMLElement | null;
}

interface MarkdownEditorProps {
  ref: Ref<MarkdownEditorHandle>;
  initialText: string;
  label: string;
  className?: string;
  /** typographer's quotes, dashes and ellipses as the writer types */
  smartPunctuation: boolean;
  /** the Markdown source everywhere; otherwise marks show only on the lines being edited (live preview) */
  source: boolean;
  /** the caret's line kept at the middle of the screen (focus mode) */
  typewriter: boolean;
  /** the book's paragraph indent, drawn by CSS (the module's `data-paragraph-indent` rules) */
  paragraphIndent: ParagraphIndent;
  bible?: EditorBible;
  comments?: EditorComments;
  suggestions?: EditorSuggestions;
  onEdit(): void;
  onBlur(): void;
}

/**
 * Markdown (CommonMark and GitHub's extensions) for highlighting, built on the Lezer parser
 * directly: @codemirror/lang-markdown would also ship the HTML, CSS and JavaScript languages
 * (~450 KiB that the bundler cannot drop) and its Enter key inserts list and quote markers the
 * writer did not type. Here Enter is a line break and nothing else.
 */
const markdownData = defineLanguageFacet({ commentTokens: { block: { open: "<!--", close: "-->" } } });
const markdownLanguage = new Language(
  markdownData,
  parser.configure([GFM, { props: [indentNodeProp.add({ Document: () => null }), languageDataProp.add({ Document: markdownData })] }]),
  [],
  "markdown",
);

/**
 * CodeMirror's own phrases (its search panel, go to line, completions, announcements) and the ones
 * this editor's extensions ask for, by the catalog key that words them (in `editor`): given
 * to the editor as `EditorState.phrases`, so every word inside it speaks the page's language.
 */
const PHRASES = {
  Find: "codemirror.find",
  Replace: "codemirror.replace",
  next: "codemirror.next",
  previous: "codemirror.previous",
  all: "codemirror.all",
  "match case": "codemirror.matchCase",
  regexp: "codemirror.regexp",
  "by word": "codemirror.byWord",
  replace: "codemirror.replaceOne",
  "replace all": "codemirror.replaceAll",
  close: "codemirror.close",
  "current match": "codemirror.currentMatch",
  "on line": "codemirror.onLine",
  "replaced $ matches": "codemirror.replacedMatches",
  "replaced match on line $": "codemirror.replacedMatchOnLine",
  "Go to line": "codemirror.goToLine",
  go: "codemirror.go",
  Completions: "codemirror.completions",
  "Control character": "codemirror.controlCharacter",
  "Selection deleted": "codemirror.selectionDeleted",
  "Scene break": "codemirror.sceneBreak",
  "Commented: click to open the thread": "codemirror.commented",
  "Suggested edit: see Suggestions": "codemirror.suggested",
  "Private note: not counted, not exported": "codemirror.note",
  // The bible's built-in kinds, where a completion names an entry's kind (a kind the writer named has no phrase, and shows as it is).
  character: "bible.kinds.character",
  place: "bible.kinds.place",
  object: "bible.kinds.object",
  group: "bible.kinds.group",
  lore: "bible.kinds.lore",
} as const;

/** Marks transactions that are not the writer's typing. */
const programmatic = Annotation.define<boolean>();

/**
 * Markdown as the writer types it, styled by class names the page's CSS module sets: headings,
 * emphasis, quotes and the markup characters (muted), nothing that changes the text.
 */
const markdownClasses = tagHighlighter([
  { tag: tags.heading1, class: "md-h1" },
  { tag: tags.heading2, class: "md-h2" },
  { tag: [tags.heading3, tags.heading4, tags.heading5, tags.heading6], class: "md-h3" },
  { tag: tags.emphasis, class: "md-em" },
  { tag: tags.strong, class: "md-strong" },
  { tag: tags.strikethrough, class: "md-strike" },
  { tag: tags.quote, class: "md-quote" },
  { tag: tags.processingInstruction, class: "md-mark" },
  { tag: tags.contentSeparator, class: "md-rule" },
  { tag: tags.monospace, class: "md-code" },
  { tag: [tags.link, tags.url], class: "md-link" },
]);

/**
 * The line break a text is written with: CRLF when every break in it is one, so that a chapter
 * stored with Windows line ends is saved back byte for byte; otherwise CodeMirror's default
 * (any break is read, `\n` is written — a text with mixed breaks is normalised once edited).
 */
function lineBreakOf(text: string): string | undefined {
  return text.includes("\r\n") && !/[^\r]\n|^\n|\r(?!\n)/.test(text) ? "\r\n" : undefined;
}

/**
 * Where a server offset (into the stored text, where CRLF is two code units) falls in the editor,
 * whose document counts every line break as one position.
 */
export function editorOffset(stored: string, offset: number): number {
  let crlf = 0;
  for (let at = stored.indexOf("\r\n"); at !== -1 && at < offset - 1; at = stored.indexOf("\r\n", at + 2)) crlf++;
  return offset - crlf;
}

/** CodeMirror 6 with the Markdown grammar, soft-wrapped prose, undo history and search. */
export function MarkdownEditor({ ref, initialText, label, className, smartPunctuation: smart, source, typewriter, paragraphIndent, bible, comments, suggestions, onEdit, onBlur }: MarkdownEditorProps) {
  const t = useTranslations("editor");
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const smartOption = useRef(new Compartment());
  const marksOption = useRef(new Compartment());
  const previewOption = useRef(new Compartment());
  const typewriterOption = useRef(new Compartment());
  const [mounted, setMounted] = useState(false);
  // The text as the server last gave it, which search offsets count in.
  const storedText = useRef(initialText);
  // The latest callbacks, so the editor is built once and never rebuilt with the page's renders.
  const callbacks = useRef({ onEdit, onBlur, card: bible?.card, openThread: comments?.onOpen, openSuggestion: suggestions?.onOpen });
  useEffect(() => {
    callbacks.current = { onEdit, onBlur, card: bible?.card, openThread: comments?.onOpen, openSuggestion: suggestions?.onOpen };
  });
  const marked = bible?.marked ?? false;
  const marks = (on: boolean) => (on ? bibleMarks((id) => callbacks.current.card?.(id) ?? null) : []);

  useEffect(() => {
    const lineBreak = lineBreakOf(initialText);
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initialText,
        extensions: [
          lineBreak ? EditorState.lineSeparator.of(lineBreak) : [],
          // Pasted text takes the document's line breaks.
          lineBreak ? EditorView.clipboardInputFilter.of((text) => text.replace(/\r\n?|\n/g, lineBreak)) : [],
          EditorState.phrases.of(Object.fromEntries(Object.entries(PHRASES).map(([phrase, key]) => [phrase, t(key)]))),
          richPaste,
          emphasisKeys,
          paragraphInput,
          // A composition's half-typed letters are neither saved nor counted; its end is an edit.
          compositionWatch,
          compositionEnded.of(() => callbacks.current.onEdit()),
          smartOption.current.of(smart ? smartPunctuation : []),
          history(),
          search({ top: true }),
          new LanguageSupport(markdownLanguage),
          syntaxHighlighting(markdownClasses),
          previewOption.current.of(source ? [] : livePreview),
          typewriterOption.current.of(typewriter ? typewriterScrolling : []),
          noteDecorations,
          commentMarks((id) => callbacks.current.openThread?.(id)),
          suggestionMarks((id) => callbacks.current.openSuggestion?.(id)),
          markedEntries,
          marksOption.current.of(marks(marked)),
          // `@` and a name's start: the bible's names (the only completions this editor offers).
          autocompletion({ override: [bibleCompletionSource], icons: false }),
          EditorView.lineWrapping,
          placeholder(t("codemirror.placeholder")),
          keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap]),
          EditorView.contentAttributes.of({ "aria-label": label, spellcheck: "true", autocapitalize: "sentences", autocorrect: "on" }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && update.transactions.some((t) => t.docChanged && !t.annotation(programmatic)) && !composingIn(update.view)) {
              callbacks.current.onEdit();
            }
            if (update.focusChanged && !update.view.hasFocus) callbacks.current.onBlur();
          }),
        ],
      }),
    });
    view.current = editor;
    // The server-rendered text gives way to the editor in the same task, so no frame shows both
    // (hidden here, removed by React's next render).
    host.current!.querySelector("[data-server-text]")?.setAttribute("hidden", "");
    // The editor is the external system here: once it stands, the server's copy can go.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setMounted(true);
    return () => {
      editor.destroy();
      view.current = null;
    };
    // Built once per chapter: the page remounts the editor (key) when the chapter changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      // sliceDoc joins lines with the document's own line break (toString always uses \n).
      text: () => (view.current ? committedText(view.current) : initialText),
      composing: () => (view.current ? composingIn(view.current) : false),
      replace(text) {
        const editor = view.current;
        if (!editor) return;
        storedText.current = text;
        editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text }, annotations: [programmatic.of(true)] });
      },
      focus: () => view.current?.focus(),
      select(from, to) {
        const editor = view.current;
        if (!editor) return;
        const length = editor.state.doc.length;
        const anchor = Math.min(editorOffset(storedText.current, from), length);
        const head = Math.min(Math.max(editorOffset(storedText.current, to), anchor), length);
        editor.dispatch({ selection: { anchor, head }, effects: EditorView.scrollIntoView(anchor, { y: "center" }) });
        editor.focus();
      },
      selectInEditor(from, to) {
        const editor = view.current;
        if (!editor) return;
        editor.dispatch({ selection: { anchor: from, head: to }, effects: EditorView.scrollIntoView(from, { y: "center" }) });
        editor.focus();
      },
      selectedText() {
        const state = view.current?.state;
        if (!state) return "";
        const { from, to } = state.selection.main;
        return state.sliceDoc(from, to).replace(/\s+/gu, " ").trim();
      },
      mentions() {
        const state = view.current?.state;
        if (!state) return [];
        return chapterMentions(state).map(({ mention, from }) => ({ id: mention.id, from: from + mention.start, to: from + mention.end }));
      },
      commentTarget() {
        const state = view.current?.state;
        if (!state) return null;
        const { from, to } = state.selection.main;
        const quote = state.sliceDoc(from, to);
        if (quote.trim() === "") return null;
        // sliceDoc writes the document's own line breaks: its lengths are the stored text's offsets.
        const start = state.sliceDoc(0, from).length;
        return { start, end: start + quote.length, quote };
      },
      showText(quote, near) {
        const editor = view.current;
        if (!editor) return false;
        const text = editor.state.sliceDoc();
        const found = threadIn(text, { quote, start: near });
        if (!found) return false;
        const [from, to] = [editorOffset(text, found.start), editorOffset(text, found.end)];
        editor.dispatch({ selection: { anchor: from, head: to }, effects: EditorView.scrollIntoView(from, { y: "center" }) });
        return true;
      },
      showThread(threadId) {
        const editor = view.current;
        const mark = editor && markOf(editor.state, threadId);
        if (!editor || !mark) return false;
        editor.dispatch({ selection: { anchor: mark.from, head: mark.to }, effects: EditorView.scrollIntoView(mark.from, { y: "center" }) });
        return true;
      },
    }),
    [initialText],
  );

  const threads = comments?.threads;
  const activeThread = comments?.active ?? null;
  useEffect(() => {
    const editor = view.current;
    if (!editor || !threads) return;
    // Each thread is found by its quote near where the server placed it in the saved text: typing
    // since may have moved it.
    const text = editor.state.sliceDoc();
    const marks = threads.flatMap((thread) => {
      const found = threadIn(text, thread);
      return found ? [{ id: thread.id, from: editorOffset(text, found.start), to: editorOffset(text, found.end) }] : [];
    });
    editor.dispatch({ effects: setCommentMarks.of({ marks, active: activeThread }) });
  }, [threads, activeThread, mounted]);

  const suggested = suggestions?.items;
  useEffect(() => {
    const editor = view.current;
    if (!editor || !suggested) return;
    // Found by their words near where the server placed them, as the threads are.
    const text = editor.state.sliceDoc();
    const marks = suggested.flatMap((suggestion) => {
      const found = threadIn(text, suggestion);
      return found ? [{ id: suggestion.id, from: editorOffset(text, found.start), to: editorOffset(text, found.end), replacement: suggestion.replacement }] : [];
    });
    editor.dispatch({ effects: setSuggestionMarks.of(marks) });
  }, [suggested, mounted]);

  const entries = bible?.entries;
  useEffect(() => {
    if (entries) view.current?.dispatch({ effects: setMarkedEntries.of(entries) });
  }, [entries, mounted]);

  useEffect(() => {
    // marks() reads the card through the ref, so only the switch matters here.
    view.current?.dispatch({ effects: marksOption.current.reconfigure(marks(marked)) });
  }, [marked]);

  useEffect(() => {
    view.current?.dispatch({ effects: smartOption.current.reconfigure(smart ? smartPunctuation : []) });
  }, [smart]);

  useEffect(() => {
    view.current?.dispatch({ effects: previewOption.current.reconfigure(source ? [] : livePreview) });
  }, [source]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch({
      effects: [
        typewriterOption.current.reconfigure(typewriter ? typewriterScrolling : []),
        // Into focus mode: the line being written moves to the middle at once.
        ...(typewriter && editor.hasFocus ? [EditorView.scrollIntoView(editor.state.selection.main.head, { y: "center" })] : []),
      ],
    });
  }, [typewriter]);

  // The first paint (and a page without JavaScript) shows the text as the editor will: its lines
  // in the editor's own classes, until CodeMirror takes the place over (the text is not a textbox
  // until then: a click or a key before it would be lost).
  return (
    <div ref={host} className={className} data-paragraph-indent={paragraphIndent}>
      {!mounted && (
        <div className="cm-editor" data-server-text="">
          <div className="cm-scroller">
            <div className="cm-content">
              {initialText.split(/\r\n?|\n/).map((line, index) => (
                <div className="cm-line" key={index}>
                  {line || <br />}
                </div>
              ))}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
