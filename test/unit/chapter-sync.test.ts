import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { translatorFor } from "@/i18n/translator";
import { ChapterSync, type EditorPort, type Resolution, type SaveStatus } from "@/app/(writer)/books/[bookId]/chapters/[chapterId]/chapter-sync";
import type { ServerChapter } from "@/app/(writer)/books/[bookId]/chapters/[chapterId]/chapter-api";
import { allDrafts, deleteDraft, putDraft } from "@/app/(writer)/books/[bookId]/chapters/[chapterId]/drafts";
import { ERRORS, type ErrorCode } from "@/server/errors";

// The editor's save engine, in plain Node: IndexedDB from fake-indexeddb, Web Locks and
// sessionStorage from the small fakes below, the REST API from a fake server behind `fetch`, and
// the clock from vitest's fake timers. Only setTimeout and Date are faked: fake-indexeddb
// schedules its work with setImmediate, which must keep running for real.

const ids = { bookId: "book-1", chapterId: "chapter-1" };
const CHAPTER_PATH = `/api/v1/books/${ids.bookId}/chapters/${ids.chapterId}`;

interface Sent {
  method: string;
  path: string;
  body: { version?: number; content?: string; title?: string; revision?: number } | null;
}

/** The chapter as the server holds it, every version kept, answering the REST calls the engine makes. */
class FakeServer {
  versions: ServerChapter[] = [];
  sent: Sent[] = [];
  online = true;
  /** when set, every PATCH waits for this before it is answered (a save in flight) */
  hold: Promise<void> | null = null;
  /** when set, the next answer is this server error */
  failNext: ErrorCode | null = null;

  constructor(title: string, content: string) {
    this.store(title, content);
  }

  get current(): ServerChapter {
    return this.versions.at(-1)!;
  }

  /** A save from elsewhere (another tab or device). */
  store(title: string, content: string): ServerChapter {
    const chapter = { version: this.versions.length + 1, title, content, wordCount: content.split(/\s+/).filter(Boolean).length, updatedAt: new Date().toISOString() };
    this.versions.push(chapter);
    return chapter;
  }

  saves(): Sent[] {
    return this.sent.filter((request) => request.method === "PATCH");
  }

  readonly fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const path = String(input);
    const method = init.method ?? "GET";
    const body = typeof init.body === "string" ? (JSON.parse(init.body) as Sent["body"]) : null;
    this.sent.push({ method, path, body });
    if (method === "PATCH" && this.hold) await this.hold;
    if (!this.online) throw new TypeError("fetch failed");
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = null;
      return failure(error);
    }
    if (method === "GET" && path === CHAPTER_PATH) return success(200, this.current);
    const revision = path.match(/\/revisions\/(\d+)$/);
    if (method === "GET" && revision) return success(200, this.versions[Number(revision[1]) - 1]);
    if (method === "PATCH" && path === CHAPTER_PATH && body) {
      if (body.version !== this.current.version) return failure("version_conflict");
      return success(201, this.store(body.title ?? this.current.title, body.content ?? this.current.content));
    }
    if (method === "POST" && path === `${CHAPTER_PATH}/restorations` && body) {
      if (body.version !== this.current.version) return failure("version_conflict");
      const old = this.versions[body.revision! - 1]!;
      return success(201, this.store(old.title, old.content));
    }
    return failure("not_found");
  };
}

const json = (status: number, envelope: unknown) => new Response(JSON.stringify(envelope), { status, headers: { "content-type": "application/json" } });
const success = (status: number, data: unknown) => json(status, { code: status, msg: "ok", data });
const failure = (error: ErrorCode) => json(ERRORS[error].status, { code: ERRORS[error].code, msg: `refused: ${error}`, error });

/** The editor: its text and title, and everything the engine told it. */
class FakeEditor implements EditorPort {
  statuses: SaveStatus[] = [];
  notices: string[] = [];
  replaced: { content: string; title: string }[] = [];
  constructor(
    public content: string,
    public heading: string,
  ) {}
  text = () => this.content;
  title = () => this.heading;
  composing?: () => boolean;
  replace(next: { content: string; title: string }) {
    this.content = next.content;
    this.heading = next.title;
    this.replaced.push(next);
  }
  titleRefused() {}
  onStatus(status: SaveStatus) {
    this.statuses.push(status);
  }
  onSaved() {}
  notice(message: string) {
    this.notices.push(message);
  }
  newer() {}
  words = translatorFor("en", "editor.sync");
  get status(): SaveStatus["state"] | undefined {
    return this.statuses.at(-1)?.state;
  }
}

/** Web Locks as far as drafts.ts uses them: a lock is held until its tab's `close()`. */
class FakeLocks {
  held = new Set<string>();
  async request(name: string, _options: { ifAvailable: boolean }, callback: (lock: { name: string } | null) => unknown) {
    if (this.held.has(name)) return callback(null);
    this.held.add(name);
    return callback({ name });
  }
  async query() {
    return { held: [...this.held].map((name) => ({ name })) };
  }
}

class FakeSessionStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
}

/**
 * Lets IndexedDB and the answers of the fake server run (real macrotasks) until `done` holds.
 * Bounded by a number of turns, not by time.
 */
async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let turn = 0; turn < 2000; turn++) {
    if (await done()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never happened: ${what}`);
}

/** Everything pending that is not a timer: IndexedDB requests, answers, promise chains. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 200; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** Advances the fake clock, then lets what the timers started finish. */
async function wait(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

let server: FakeServer;
let locks: FakeLocks;
let sessionStorage: FakeSessionStorage;
const syncs: ChapterSync[] = [];
const warn = vi.spyOn(console, "warn");

/** A page opened on the chapter at the server's current version (a reload keeps the tab's sessionStorage). */
async function open(editor = new FakeEditor(server.current.content, server.current.title)) {
  const sync = new ChapterSync(ids, server.current, editor);
  syncs.push(sync);
  await sync.start();
  await settle();
  return { sync, editor };
}

/** The writer types: the editor's text changes and the engine hears of it. */
function type(sync: ChapterSync, editor: FakeEditor, content: string) {
  editor.content = content;
  sync.edited();
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  server = new FakeServer("Opening", "It was a dark and stormy night.");
  locks = new FakeLocks();
  sessionStorage = new FakeSessionStorage();
  vi.stubGlobal("fetch", server.fetch);
  vi.stubGlobal("navigator", { locks });
  vi.stubGlobal("sessionStorage", sessionStorage);
  vi.stubGlobal("BroadcastChannel", undefined);
  for (const draft of await allDrafts()) await deleteDraft(draft.key);
  warn.mockClear();
});

afterEach(() => {
  for (const sync of syncs.splice(0)) sync.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // A warning means drafts were silently switched off (a fake missing) or a draft write failed.
  expect(warn).not.toHaveBeenCalled();
});

describe("ChapterSync: saving while the writer types", () => {
  it("saves once, 1.2 s after typing stops, against the version it was edited from; then drops the draft", async () => {
    const { sync, editor } = await open();
    type(sync, editor, "It was a dark");
    await wait(500);
    type(sync, editor, "It was a dark and quiet");
    await wait(1000);
    type(sync, editor, "It was a dark and quiet night.");
    await wait(1100);
    expect(server.saves()).toEqual([]);
    expect(editor.status).toBe("unsaved");
    // The draft is in IndexedDB before anything reached the server.
    expect(await allDrafts()).toEqual([expect.objectContaining({ chapterId: ids.chapterId, baseVersion: 1, content: "It was a dark and quiet night." })]);

    await wait(100);
    expect(server.saves().map((s) => s.body)).toEqual([{ version: 1, content: "It was a dark and quiet night." }]);
    expect(server.current).toMatchObject({ version: 2, content: "It was a dark and quiet night." });
    expect(sync.version).toBe(2);
    expect(sync.dirty).toBe(false);
    expect(editor.statuses.map((s) => s.state)).toEqual(["unsaved", "saving", "saved"]);
    await until(async () => (await allDrafts()).length === 0, "the draft is dropped once the server holds the text");
  });

  it("saves at least every 10 s while typing goes on", async () => {
    const { sync, editor } = await open();
    for (let second = 1; second <= 9; second++) {
      type(sync, editor, `Word ${second}`);
      await wait(1000);
    }
    expect(server.saves()).toEqual([]);
    type(sync, editor, "Word 10");
    await wait(1000);
    expect(server.saves().map((s) => s.body?.content)).toEqual(["Word 10"]);
  });

  it("sends nothing for text typed and undone", async () => {
    const { sync, editor } = await open();
    type(sync, editor, "Something else");
    type(sync, editor, server.current.content);
    await wait(1200);
    expect(server.saves()).toEqual([]);
    expect(editor.status).toBe("saved");
    expect(sync.dirty).toBe(false);
  });
});

describe("ChapterSync: a dropped connection", () => {
  it("keeps the draft in IndexedDB, retries with back-off, and saves once the server is back", async () => {
    const { sync, editor } = await open();
    server.online = false;
    type(sync, editor, "Written on a train.");
    await wait(1200);
    expect(server.saves()).toHaveLength(1);
    expect(editor.status).toBe("offline");
    expect(await allDrafts()).toEqual([expect.objectContaining({ baseVersion: 1, content: "Written on a train." })]);

    // Back-off: 1 s, then 2 s, then 4 s.
    await wait(999);
    expect(server.saves()).toHaveLength(1);
    await wait(1);
    expect(server.saves()).toHaveLength(2);
    await wait(1999);
    expect(server.saves()).toHaveLength(2);
    await wait(1);
    expect(server.saves()).toHaveLength(3);
    expect(await allDrafts()).toEqual([expect.objectContaining({ content: "Written on a train." })]);
    expect(server.current.version).toBe(1);

    server.online = true;
    await wait(4000);
    expect(server.saves()).toHaveLength(4);
    expect(server.current).toMatchObject({ version: 2, content: "Written on a train." });
    expect(editor.status).toBe("saved");
    await until(async () => (await allDrafts()).length === 0, "the draft is dropped after the retry succeeded");
  });

  it("retries a server error (5xx) and says so, and retry() tries at once", async () => {
    const { sync, editor } = await open();
    server.failNext = "internal";
    type(sync, editor, "After a crash.");
    await wait(1200);
    expect(editor.statuses.at(-1)).toEqual({ state: "error", message: expect.any(String), retrying: true });
    expect(server.current.version).toBe(1);
    sync.retry();
    await settle();
    expect(server.saves()).toHaveLength(2);
    expect(server.current).toMatchObject({ version: 2, content: "After a crash." });
    expect(editor.status).toBe("saved");
  });

  it("waits for the writer to sign in again after a 401, keeping the draft", async () => {
    const { sync, editor } = await open();
    server.failNext = "unauthenticated";
    type(sync, editor, "Signed out mid-sentence.");
    await wait(1200);
    expect(editor.statuses.at(-1)).toEqual({ state: "signed-out", message: expect.stringContaining("Sign in again") });
    await wait(60_000);
    expect(server.saves()).toHaveLength(1);
    expect(await allDrafts()).toEqual([expect.objectContaining({ content: "Signed out mid-sentence." })]);
    sync.retry();
    await settle();
    expect(server.current.content).toBe("Signed out mid-sentence.");
  });
});

describe("ChapterSync: a save over a version the writer has not seen", () => {
  async function conflicted() {
    const { sync, editor } = await open();
    server.store("Opening", "Rewritten on the phone.");
    type(sync, editor, "Typed in this tab.");
    await wait(1200);
    return { sync, editor };
  }

  it("stops on 409 with both texts for the writer, sends nothing more, and keeps the draft", async () => {
    const { editor } = await conflicted();
    expect(server.saves().map((s) => s.body)).toEqual([{ version: 1, content: "Typed in this tab." }]);
    expect(editor.statuses.at(-1)).toEqual({
      state: "conflict",
      conflict: { mine: { content: "Typed in this tab.", title: "Opening" }, theirs: expect.objectContaining({ version: 2, content: "Rewritten on the phone." }) },
    });
    await wait(60_000);
    expect(server.saves()).toHaveLength(1);
    expect(server.current).toMatchObject({ version: 2, content: "Rewritten on the phone." });
    expect(await allDrafts()).toEqual([expect.objectContaining({ content: "Typed in this tab." })]);
  });

  it.each<[Resolution, string]>([
    ["keep-mine", "Typed in this tab."],
    ["take-theirs", "Rewritten on the phone."],
  ])("resolved with %s: the server and the editor end on the chosen text", async (choice, expected) => {
    const { sync, editor } = await conflicted();
    await sync.resolve(choice);
    await settle();
    expect(server.current.content).toBe(expected);
    expect(editor.content).toBe(expected);
    expect(editor.status).toBe("saved");
    expect(sync.version).toBe(server.current.version);
    await until(async () => (await allDrafts()).length === 0, "the draft is dropped once the conflict is resolved");
  });
});

describe("ChapterSync: recovering a draft when the chapter opens", () => {
  it("puts this tab's unsent text (from before a reload) back in the editor and saves it", async () => {
    sessionStorage.setItem("inkstone-tab", "tab-before-reload");
    await putDraft({ ...ids, tabId: "tab-before-reload", baseVersion: 1, title: "Opening", content: "Typed just before the reload." });
    const { sync, editor } = await open();
    expect(editor.replaced).toEqual([{ content: "Typed just before the reload.", title: "Opening" }]);
    expect(editor.notices).toEqual(["Recovered text that had not reached the server yet; saving it now."]);
    expect(server.saves().map((s) => s.body)).toEqual([{ version: 1, content: "Typed just before the reload." }]);
    expect(server.current).toMatchObject({ version: 2, content: "Typed just before the reload." });
    expect(sync.dirty).toBe(false);
    await until(async () => (await allDrafts()).length === 0, "the recovered draft is dropped once saved");
  });

  it("offers a closed tab's draft over a chapter that moved on as a conflict, and leaves a live tab's draft alone", async () => {
    await putDraft({ ...ids, tabId: "closed-tab", baseVersion: 1, title: "Opening", content: "Left in a closed tab." });
    await putDraft({ ...ids, tabId: "open-tab", baseVersion: 1, title: "Opening", content: "Being typed in another tab." });
    locks.held.add("inkstone-tab:open-tab");
    server.store("Opening", "Saved from the phone since.");
    const { editor } = await open();
    expect(server.saves()).toEqual([]);
    expect(server.sent.map((s) => `${s.method} ${s.path}`)).toContain(`GET ${CHAPTER_PATH}/revisions/1`);
    expect(editor.statuses.at(-1)).toEqual({
      state: "conflict",
      conflict: { mine: { content: "Left in a closed tab.", title: "Opening" }, theirs: expect.objectContaining({ version: 2, content: "Saved from the phone since." }) },
    });
    const drafts = await allDrafts();
    expect(drafts.map((d) => d.content).sort()).toEqual(["Being typed in another tab.", "Left in a closed tab."]);
    expect(drafts.find((d) => d.tabId === "open-tab")).toMatchObject({ content: "Being typed in another tab." });
  });

  it("drops a draft that holds exactly what the server has", async () => {
    await putDraft({ ...ids, tabId: "closed-tab", baseVersion: 1, title: "Opening", content: server.current.content });
    const { editor } = await open();
    expect(editor.replaced).toEqual([]);
    expect(server.saves()).toEqual([]);
    expect(await allDrafts()).toEqual([]);
  });
});

describe("ChapterSync: edits while a save is in flight", () => {
  it("loses no edit: the text typed during the save is saved next, on the version the first save made", async () => {
    const { sync, editor } = await open();
    let answer!: () => void;
    server.hold = new Promise((resolve) => (answer = resolve));
    type(sync, editor, "First.");
    await wait(1200);
    expect(server.saves()).toHaveLength(1);
    expect(editor.status).toBe("saving");

    // Two edits race the save in flight; their own save timer fires while it is still out.
    type(sync, editor, "First. Second.");
    await wait(600);
    type(sync, editor, "First. Second. Third.");
    await wait(1200);
    expect(server.saves()).toHaveLength(1);
    expect(await allDrafts()).toEqual([expect.objectContaining({ baseVersion: 1, content: "First. Second. Third." })]);

    server.hold = null;
    answer();
    await settle();
    await wait(1200);
    expect(server.saves().map((s) => s.body)).toEqual([
      { version: 1, content: "First." },
      { version: 2, content: "First. Second. Third." },
    ]);
    expect(server.current).toMatchObject({ version: 3, content: "First. Second. Third." });
    expect(sync.dirty).toBe(false);
    expect(editor.status).toBe("saved");
    await until(async () => (await allDrafts()).length === 0, "the draft is dropped once the last text is saved");
  });

  it("keeps the draft, on the new base version, when the first save's answer arrives before the newer text is sent", async () => {
    const { sync, editor } = await open();
    let answer!: () => void;
    server.hold = new Promise((resolve) => (answer = resolve));
    type(sync, editor, "First.");
    await wait(1200);
    type(sync, editor, "First. Second.");
    server.hold = null;
    answer();
    await settle();
    // The first answer covers "First." only: the draft stays, naming version 2, or a reload would see a conflict.
    expect(sync.dirty).toBe(true);
    expect(editor.status).toBe("unsaved");
    await until(async () => {
      const drafts = await allDrafts();
      return drafts.length === 1 && drafts[0]!.baseVersion === 2;
    }, "the draft names the version the first save made");
    expect((await allDrafts())[0]).toMatchObject({ content: "First. Second." });
  });
});

// Issue 32 item 9 (decision 0513): while an input method composes, the editor's text is the text
// without the composition (composition.ts); the engine's part is to wait for its end, except when
// the page is left.
describe("ChapterSync: an input method's composition", () => {
  it("waits for the composition to end before it saves, then saves the committed text", async () => {
    const { sync, editor } = await open();
    let composing = false;
    editor.composing = () => composing;
    type(sync, editor, "It was a dark and stormy night. 他说：");
    composing = true;
    // The pause after typing and the longest wait pass while the writer is still composing.
    await wait(15_000);
    expect(server.saves()).toEqual([]);
    expect(editor.status).toBe("unsaved");
    // The composition commits: an edit, as the editor announces its end.
    composing = false;
    type(sync, editor, "It was a dark and stormy night. 他说：你好");
    await wait(1200);
    expect(server.saves().map((s) => s.body)).toEqual([{ version: 1, content: "It was a dark and stormy night. 他说：你好" }]);
    expect(editor.status).toBe("saved");
  });

  it("sends what was typed before the composition at once when the page is left mid-composition", async () => {
    const { sync, editor } = await open();
    editor.composing = () => true;
    type(sync, editor, "It was a dark and stormy night. 他说：");
    await sync.flush(true);
    await settle();
    expect(server.saves().map((s) => s.body)).toEqual([{ version: 1, content: "It was a dark and stormy night. 他说：" }]);
  });
});
