import { openDB, type DBSchema, type IDBPDatabase } from "idb";

// Unsent text, kept in the browser's IndexedDB until the server has acknowledged it, so that
// nothing typed is lost to a dropped connection, a sign-out, a reload or a closed tab.
//
// Drafts are kept per tab: two tabs on the same chapter must not overwrite (or delete) each
// other's. A tab holds a Web Lock named after it for as long as it lives, so a draft whose tab
// holds no lock belongs to a tab that was closed (or reloaded) and may be adopted.

export interface Draft {
  /** `${chapterId}/${tabId}` */
  key: string;
  chapterId: string;
  bookId: string;
  tabId: string;
  /** the server version the text was edited from */
  baseVersion: number;
  title: string;
  content: string;
  savedAt: number;
}

interface DraftsSchema extends DBSchema {
  drafts: { key: string; value: Draft; indexes: { chapterId: string } };
}

let database: Promise<IDBPDatabase<DraftsSchema>> | undefined;

function open(): Promise<IDBPDatabase<DraftsSchema>> {
  database ??= openDB<DraftsSchema>("inkstone-drafts", 1, {
    upgrade(db) {
      db.createObjectStore("drafts", { keyPath: "key" }).createIndex("chapterId", "chapterId");
    },
  });
  return database;
}

export const draftKey = (chapterId: string, tabId: string) => `${chapterId}/${tabId}`;

export async function putDraft(draft: Omit<Draft, "key" | "savedAt">): Promise<void> {
  await (await open()).put("drafts", { ...draft, key: draftKey(draft.chapterId, draft.tabId), savedAt: Date.now() });
}

export async function deleteDraft(key: string): Promise<void> {
  await (await open()).delete("drafts", key);
}

export async function draftsOf(chapterId: string): Promise<Draft[]> {
  return (await open()).getAllFromIndex("drafts", "chapterId", chapterId);
}

export async function allDrafts(): Promise<Draft[]> {
  return (await open()).getAll("drafts");
}

const TAB_KEY = "inkstone-tab";
const lockName = (tabId: string) => `inkstone-tab:${tabId}`;

/**
 * This tab's id, the same across reloads (sessionStorage), held as a Web Lock while the tab lives.
 * A duplicated tab inherits its opener's sessionStorage; finding the lock taken, it takes a new id.
 */
export async function claimTab(): Promise<string> {
  const remembered = sessionStorage.getItem(TAB_KEY);
  // After a reload the page before may let go of the lock a moment late: ask a few times.
  for (let attempt = 0; remembered && attempt < 5; attempt++) {
    if (await lockTab(remembered)) return remembered;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let id = crypto.randomUUID();
  while (!(await lockTab(id))) id = crypto.randomUUID();
  sessionStorage.setItem(TAB_KEY, id);
  return id;
}

function lockTab(id: string): Promise<boolean> {
  return new Promise((claimed) => {
    void navigator.locks.request(lockName(id), { ifAvailable: true }, (lock) => {
      claimed(lock !== null);
      // Held until the tab goes away.
      return lock ? new Promise<void>(() => {}) : undefined;
    });
  });
}

/** The ids of the tabs open now (on this origin, in this browser profile). */
export async function liveTabs(): Promise<Set<string>> {
  const { held = [] } = await navigator.locks.query();
  return new Set(held.flatMap((lock) => (lock.name?.startsWith("inkstone-tab:") ? [lock.name.slice("inkstone-tab:".length)] : [])));
}
