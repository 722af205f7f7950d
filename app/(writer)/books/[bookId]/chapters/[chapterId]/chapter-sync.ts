import { chapterVersion, getChapter, getRevision, restoreRevision, saveChapter, type ApiProblem, type ChapterIds, type ServerChapter } from "./chapter-api";
import { allDrafts, claimTab, deleteDraft, draftKey, draftsOf, liveTabs, putDraft, type Draft } from "./drafts";
import { mergeTexts } from "./merge-texts";

/** The engine's own sentences, in the page's language (the catalog's `editor.sync`). */
export type SyncWords = (
  key: "newerNotLoaded" | "otherNotLoaded" | "keptInHistory" | "mergedDoubled" | "merged" | "notMerged" | "saveBeforeRestoring" | "saveFirst" | "newNotLoaded" | "recovered",
  values?: Record<string, string | number>,
) => string;

/** What the writer sees of the chapter's safety. */
export type SaveStatus =
  | { state: "saved" }
  | { state: "unsaved" }
  | { state: "saving" }
  | { state: "offline" }
  | { state: "signed-out"; message: string }
  | { state: "conflict"; conflict: Conflict }
  | { state: "error"; message: string; retrying: boolean };

/** A save found the chapter moved on: the writer's text against what the server holds now. */
export interface Conflict {
  mine: { title: string; content: string };
  /** null while the other version is being fetched (or could not be) */
  theirs: ServerChapter | null;
}

export type Resolution = "keep-both" | "keep-mine" | "take-theirs";

/** The editor's side of the engine: its text and title, and a way to replace them. */
export interface EditorPort {
  text(): string;
  /** the title to save, or null while the field holds one the schema refuses */
  title(): string | null;
  /** replaces text and title (a conflict resolved, a revision restored, a draft recovered) */
  replace(next: { content: string; title: string }): void;
  titleRefused(message: string): void;
  onStatus(status: SaveStatus): void;
  /** a new version reached the server */
  onSaved(chapter: ServerChapter): void;
  notice(message: string): void;
  /** a version newer than the one edited here is on the server (saved in another tab or device); null: no longer */
  newer(version: number | null): void;
  /** the engine's sentences in the page's language */
  words: SyncWords;
  /** whether an input method is composing in the text: a save waits for its end, which is an edit (decision 0513) */
  composing?(): boolean;
}

/** Tabs of this browser tell each other the number of every version they save (never its text). */
const SAVES_CHANNEL = "inkstone-chapter-saves";
interface SavedMessage {
  chapterId: string;
  version: number;
}

const TYPING_PAUSE_MS = 1200;
const LONGEST_WAIT_MS = 10_000;
const DRAFT_PAUSE_MS = 300;
const RETRY_MS = [1000, 2000, 4000, 8000, 15_000];

/**
 * Autosave with versions, drafts and recovery, for one chapter in one tab.
 *
 * Every edit is written to an IndexedDB draft (at most 300 ms later, at once when the page is
 * hidden) and saved 1.2 s after typing stops (at least every 10 s while it goes on), on blur, and
 * when the page is hidden or left. Each save names the version it was edited from; the draft goes
 * only once the server has acknowledged exactly the text it holds. A dropped connection or a 5xx
 * retries with back-off (and when the browser comes back online); a 401 waits for the writer to
 * sign in again; a conflict waits for the writer's decision. Nothing is ever sent over a version
 * the writer has not seen.
 */
export class ChapterSync {
  private base: ServerChapter;
  private tabId: string | null = null;
  private status: SaveStatus = { state: "saved" };
  /** bumped by every edit; `acknowledged` is the edit count the server has confirmed */
  private edits = 0;
  private acknowledged = 0;
  private saving: Promise<void> | null = null;
  private saveAgain = false;
  private refusedTitle: string | null = null;
  private retries = 0;
  private timers = new Map<"save" | "longest" | "draft" | "retry", ReturnType<typeof setTimeout>>();
  /** IndexedDB writes and deletes, in the order they were asked for */
  private draftQueue: Promise<unknown> = Promise.resolve();
  private disposed = false;
  /** the text and title this tab's unsent edits began from, for "Keep both" (null: not known; undefined: no conflict) */
  private mergeBase: { content: string; title: string } | null | undefined;
  private channel: BroadcastChannel | null = null;
  /** a newer version known to be on the server; its text is fetched only when the writer loads it */
  private newerVersion: number | null = null;

  constructor(
    private readonly ids: ChapterIds,
    initial: ServerChapter,
    private readonly editor: EditorPort,
  ) {
    this.base = initial;
  }

  get version(): number {
    return this.base.version;
  }

  /** Claims the tab, recovers drafts left by this tab or by closed ones, and sends stranded drafts of other chapters. */
  async start(): Promise<void> {
    if (typeof BroadcastChannel !== "undefined") {
      this.channel = new BroadcastChannel(SAVES_CHANNEL);
      this.channel.onmessage = (event: MessageEvent<SavedMessage>) => {
        if (event.data?.chapterId === this.ids.chapterId) this.heardOf(event.data.version);
      };
    }
    try {
      this.tabId = await claimTab();
      await this.recoverDrafts();
      void this.sendStrandedDrafts();
    } catch (error) {
      // No IndexedDB or Web Locks (a locked-down browser): saving still works, drafts do not.
      console.warn("Inkstone cannot keep drafts in this browser:", error);
    }
  }

  dispose(): void {
    this.disposed = true;
    this.channel?.close();
    for (const timer of this.timers.values()) clearTimeout(timer);
  }

  /** The writer changed the text or the title. */
  edited(): void {
    this.edits++;
    if (this.status.state === "saved") this.setStatus({ state: "unsaved" });
    this.schedule("draft", DRAFT_PAUSE_MS, () => this.keepDraft());
    this.schedule("save", TYPING_PAUSE_MS, () => void this.save());
    if (!this.timers.has("longest")) this.schedule("longest", LONGEST_WAIT_MS, () => void this.save());
  }

  get dirty(): boolean {
    return this.edits !== this.acknowledged;
  }

  /** Saves now if there is anything to save (blur, a shortcut, before navigating). */
  flush(leaving = false): Promise<void> {
    if (!this.dirty) return Promise.resolve();
    if (leaving) this.keepDraft();
    return this.save(leaving);
  }

  /** Try again now: back online, signed in again, or the writer asked. */
  retry(): void {
    if (this.status.state === "conflict" || !this.dirty) return;
    this.retries = 0;
    void this.save();
  }

  private async save(leaving = false): Promise<void> {
    this.clear("save");
    this.clear("longest");
    this.clear("retry");
    if (this.saving) {
      this.saveAgain = true;
      return this.saving;
    }
    if (this.disposed && !leaving) return;
    if (this.status.state === "conflict" || !this.dirty) return;
    // Leaving sends the text as it stood before the composition; otherwise its end saves.
    if (!leaving && this.editor.composing?.()) return;
    this.saving = this.send(leaving).finally(() => {
      this.saving = null;
      if (this.saveAgain && this.dirty) {
        this.saveAgain = false;
        void this.save(leaving);
      }
    });
    return this.saving;
  }

  private async send(leaving: boolean): Promise<void> {
    const content = this.editor.text();
    const wanted = this.editor.title();
    const title = wanted !== null && wanted !== this.refusedTitle && wanted !== this.base.title ? wanted : undefined;
    const covering = this.edits;
    if (content === this.base.content && title === undefined) {
      // Typed and undone: nothing to send.
      this.acknowledge(covering);
      return;
    }
    if (this.status.state !== "offline" && this.status.state !== "signed-out") this.setStatus({ state: "saving" });
    const outcome = await saveChapter(this.ids, { version: this.base.version, content, title }, leaving);
    if (outcome.ok) {
      this.retries = 0;
      this.saved(outcome.data);
      this.acknowledge(covering);
      return;
    }
    await this.failed(outcome.problem, title);
  }

  /** The server holds the text as of `covering` edits; anything typed since is still unsent. */
  private acknowledge(covering: number): void {
    this.acknowledged = covering;
    if (this.dirty) {
      // The draft must name the new base version, or a reload would take it for a conflict.
      this.keepDraft();
      this.setStatus({ state: "unsaved" });
      this.schedule("save", TYPING_PAUSE_MS, () => void this.save());
    } else {
      this.clear("draft");
      this.dropDraft();
      this.setStatus({ state: "saved" });
    }
  }

  private async failed(problem: ApiProblem, title: string | undefined): Promise<void> {
    switch (problem.kind) {
      case "offline":
        this.setStatus({ state: "offline" });
        return this.retryLater();
      case "server":
        this.setStatus({ state: "error", message: problem.message, retrying: true });
        return this.retryLater();
      case "signed-out":
        this.setStatus({ state: "signed-out", message: problem.message });
        return;
      case "conflict":
        return this.conflicted();
      case "refused": {
        const titleProblem = titleProblemOf(problem);
        if (titleProblem && title !== undefined) {
          // Save the text without the title; the field shows why the title was refused.
          this.refusedTitle = title;
          this.editor.titleRefused(titleProblem);
          this.saveAgain = true;
          return;
        }
        this.setStatus({ state: "error", message: problem.message, retrying: false });
      }
    }
  }

  private retryLater(): void {
    const delay = RETRY_MS[Math.min(this.retries++, RETRY_MS.length - 1)]!;
    this.schedule("retry", delay, () => void this.save());
  }

  /** A version this tab saved: the new base, told to the page and to the other tabs. */
  private saved(chapter: ServerChapter): void {
    this.base = chapter;
    this.editor.onSaved(chapter);
    this.channel?.postMessage({ chapterId: this.ids.chapterId, version: chapter.version } satisfies SavedMessage);
    if (this.newerVersion !== null && this.newerVersion <= chapter.version) {
      this.newerVersion = null;
      this.editor.newer(null);
    }
  }

  /** The server holds `version`: when it is newer than the one edited here, the writer is told. */
  private heardOf(version: number): void {
    if (this.disposed || this.status.state === "conflict" || version <= this.base.version) return;
    if (this.newerVersion !== null && version <= this.newerVersion) return;
    this.newerVersion = version;
    this.editor.newer(version);
  }

  /**
   * Asks the server whether the chapter moved on since the version edited here (this tab came
   * back into view: another device may have saved). Only the version is asked for (HEAD), not the
   * text. A newer version is offered to the writer; with unsent edits here, their save will meet
   * it as a conflict to merge.
   */
  async lookForNewer(): Promise<void> {
    if (this.disposed || this.saving || this.status.state === "conflict") return;
    const version = await chapterVersion(this.ids);
    // A save of this tab's may have begun meanwhile: the version found could be its own.
    if (version !== null && !this.saving) this.heardOf(version);
  }

  /** Fetches the newer version and takes it into the editor; refused (false) while this tab has unsent edits. */
  async loadNewer(): Promise<boolean> {
    if (this.newerVersion === null || this.dirty || this.saving) return false;
    const current = await getChapter(this.ids);
    if (!current.ok) {
      this.editor.notice(this.editor.words("newerNotLoaded", { problem: current.problem.message }));
      return false;
    }
    // Typed meanwhile (their save meets it as a conflict), or this tab has saved past it.
    if (this.dirty || this.saving || this.status.state === "conflict") return false;
    this.newerVersion = null;
    this.editor.newer(null);
    if (current.data.version <= this.base.version) return false;
    this.base = current.data;
    this.editor.replace({ content: current.data.content, title: current.data.title });
    this.editor.onSaved(current.data);
    this.setStatus({ state: "saved" });
    return true;
  }

  private async conflicted(): Promise<void> {
    const mine = { content: this.editor.text(), title: this.editor.title() ?? this.base.title };
    if (this.mergeBase === undefined) this.mergeBase = { content: this.base.content, title: this.base.title };
    if (this.newerVersion !== null) {
      this.newerVersion = null;
      this.editor.newer(null);
    }
    this.setStatus({ state: "conflict", conflict: { mine, theirs: null } });
    this.keepDraft();
    const current = await getChapter(this.ids);
    if (this.status.state !== "conflict") return;
    if (!current.ok) return this.editor.notice(this.editor.words("otherNotLoaded", { problem: current.problem.message }));
    if (current.data.content === mine.content && current.data.title === mine.title) {
      // The server already holds this very text: a save sent on leaving the page before a
      // reload (keepalive) landed after the reloaded page read the chapter. Nothing to decide.
      this.base = current.data;
      this.mergeBase = undefined;
      this.setStatus({ state: "unsaved" });
      this.acknowledge(this.edits);
      return;
    }
    this.setStatus({ state: "conflict", conflict: { mine, theirs: current.data } });
  }

  /**
   * The writer's decision on a conflict. Keep both: the other version is first restored, which
   * makes it a `restore` revision that history-thinning never removes, then both sides' changes,
   * merged against the version this tab began from, are saved over it. Keep mine: the writer's
   * text is saved over the other version, which stays in the history as an ordinary version.
   * Take theirs: the editor takes the other version and the writer's unsent text is dropped.
   */
  async resolve(choice: Resolution): Promise<void> {
    if (this.status.state !== "conflict" || !this.status.conflict.theirs) return;
    const theirs = this.status.conflict.theirs;
    const base = this.mergeBase;
    if (choice === "take-theirs") {
      this.base = theirs;
      this.mergeBase = undefined;
      this.editor.replace({ content: theirs.content, title: theirs.title });
      this.acknowledge(this.edits);
      return;
    }
    if (choice === "keep-both") {
      const pinned = await restoreRevision(this.ids, theirs.version, theirs.version);
      if (!pinned.ok) return this.failed(pinned.problem, undefined);
      this.base = pinned.data;
      this.mergeBase = undefined;
      const title = this.editor.title() ?? theirs.title;
      const merged = base ? mergeTexts(base.content, this.editor.text(), theirs.content) : null;
      const kept = this.editor.words("keptInHistory", { version: pinned.data.version });
      if (merged) {
        this.editor.replace({ content: merged.text, title: base && title === base.title ? theirs.title : title });
        this.editor.notice(
          merged.doubled > 0
            ? this.editor.words("mergedDoubled", { count: merged.doubled, kept })
            : this.editor.words("merged", { kept }),
        );
      } else this.editor.notice(this.editor.words("notMerged", { kept }));
    } else {
      this.mergeBase = undefined;
      this.base = theirs;
    }
    this.setStatus({ state: "unsaved" });
    this.keepDraft();
    await this.save();
  }

  /** Restores an old version as a new one, saving the writer's unsent text first. */
  async restoreRevision(version: number): Promise<ApiProblem | null> {
    await this.flush();
    if (this.dirty) return { kind: "refused", status: 0, error: "version_conflict", message: this.editor.words("saveBeforeRestoring") };
    const restored = await restoreRevision(this.ids, version, this.base.version);
    if (!restored.ok) {
      if (restored.problem.kind === "conflict") await this.conflicted();
      return restored.problem;
    }
    this.editor.replace({ content: restored.data.content, title: restored.data.title });
    this.saved(restored.data);
    this.acknowledge(this.edits);
    return null;
  }

  /**
   * A change the server makes to this chapter's text for the writer (a suggested edit accepted):
   * what waits is saved first, then the change is made and its new version taken into the editor.
   * Answers why it could not, or null.
   */
  async changeOnServer(change: () => Promise<unknown>): Promise<string | null> {
    await this.flush();
    if (this.dirty) return this.editor.words("saveFirst");
    await change();
    const current = await getChapter(this.ids);
    if (!current.ok) return this.editor.words("newNotLoaded", { problem: current.problem.message });
    if (current.data.version === this.base.version) return null; // nothing was accepted
    this.editor.replace({ content: current.data.content, title: current.data.title });
    this.saved(current.data);
    this.acknowledge(this.edits);
    return null;
  }

  // ------------------------------------------------------------------------------------------
  // drafts

  private keepDraft(): void {
    this.clear("draft");
    const tabId = this.tabId;
    if (!tabId || !this.dirty) return;
    const draft = {
      chapterId: this.ids.chapterId,
      bookId: this.ids.bookId,
      tabId,
      baseVersion: this.base.version,
      title: this.editor.title() ?? this.base.title,
      content: this.editor.text(),
    };
    this.queue(() => putDraft(draft));
  }

  private dropDraft(): void {
    if (this.tabId) this.queue(() => deleteDraft(draftKey(this.ids.chapterId, this.tabId!)));
  }

  private queue(operation: () => Promise<unknown>): void {
    this.draftQueue = this.draftQueue.then(operation).catch((error) => console.warn("Inkstone could not update a draft:", error));
  }

  /**
   * Text this tab left unsent before a reload, or that a closed tab left: if the server still
   * stands where the draft began, the draft goes into the editor and is saved; if the server
   * moved on meanwhile, it is a conflict for the writer to decide.
   */
  private async recoverDrafts(): Promise<void> {
    const live = await liveTabs();
    const drafts = (await draftsOf(this.ids.chapterId))
      .filter((draft) => draft.tabId === this.tabId || !live.has(draft.tabId))
      .sort((a, b) => Number(b.tabId === this.tabId) - Number(a.tabId === this.tabId) || b.savedAt - a.savedAt);
    for (const draft of drafts) {
      if (draft.content === this.base.content && draft.title === this.base.title) {
        await deleteDraft(draft.key);
        continue;
      }
      if (this.edits > 0) return; // one recovery at a time; the rest wait for the next visit
      await this.adopt(draft);
    }
  }

  private async adopt(draft: Draft): Promise<void> {
    if (draft.tabId !== this.tabId) await deleteDraft(draft.key);
    this.editor.replace({ content: draft.content, title: draft.title });
    this.edits++;
    if (draft.baseVersion === this.base.version) {
      this.editor.notice(this.editor.words("recovered"));
      this.keepDraft();
      await this.save();
    } else {
      // The version the draft began from is the base of a later "Keep both".
      const began = await getRevision(this.ids, draft.baseVersion);
      this.mergeBase = began.ok ? { content: began.data.content, title: began.data.title } : null;
      this.keepDraft();
      await this.conflicted();
    }
  }

  /** Drafts of other chapters whose tabs were closed: sent if their chapter has not moved on. */
  private async sendStrandedDrafts(): Promise<void> {
    const live = await liveTabs();
    for (const draft of await allDrafts()) {
      if (draft.chapterId === this.ids.chapterId || live.has(draft.tabId)) continue;
      const ids = { bookId: draft.bookId, chapterId: draft.chapterId };
      const sent = await saveChapter(ids, { version: draft.baseVersion, content: draft.content, title: draft.title });
      // Anything else (a conflict, offline) waits until that chapter is opened.
      if (sent.ok) await deleteDraft(draft.key);
    }
  }

  // ------------------------------------------------------------------------------------------

  private setStatus(status: SaveStatus): void {
    this.status = status;
    this.editor.onStatus(status);
  }

  private schedule(name: "save" | "longest" | "draft" | "retry", delay: number, run: () => void): void {
    this.clear(name);
    if (this.disposed) return;
    this.timers.set(
      name,
      setTimeout(() => {
        this.timers.delete(name);
        run();
      }, delay),
    );
  }

  private clear(name: "save" | "longest" | "draft" | "retry"): void {
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
  }
}

/** What is wrong with the title, in the page's words, when a 422 named it. */
function titleProblemOf(problem: ApiProblem): string | null {
  return problem.error === "validation_failed" ? (problem.fields?.title ?? null) : null;
}
