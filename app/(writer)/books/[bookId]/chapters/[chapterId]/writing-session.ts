// The writing session: words written in this tab since the writer sat down, across the chapters
// they open, for the session goal's bar. Kept in sessionStorage, so a reload or a move to the next
// chapter keeps the session and another tab or device has its own; a new day starts a new one.
// The day's total is not kept here: the server's ledger holds it for every device (stats.today).

const KEY = "inkstone-session";
/** The one-browser daily tally this module replaced; removed so it cannot mislead anyone. */
const OLD_DAILY_KEY = "inkstone-words-today";

interface Session {
  date: string;
  chapters: Record<string, { start: number; now: number }>;
}

const today = () => new Date().toLocaleDateString("en-CA"); // YYYY-MM-DD, in this device's time zone

function load(): Session {
  try {
    const session = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Session | null;
    if (session && session.date === today() && typeof session.chapters === "object") return session;
  } catch {
    // A damaged entry only costs the session's tally.
  }
  return { date: today(), chapters: {} };
}

function store(session: Session): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(session));
    localStorage.removeItem(OLD_DAILY_KEY);
  } catch {
    // Storage full or disabled: the tally is a nicety, the text is not at stake.
  }
}

/**
 * Records a chapter's current count and answers the session's net words across its chapters
 * (deleting counts against it, as Scrivener's session target does), never below zero.
 */
export function recordSession(chapterId: string, words: number): number {
  const session = load();
  const entry = (session.chapters[chapterId] ??= { start: words, now: words });
  entry.now = words;
  store(session);
  return Math.max(0, Object.values(session.chapters).reduce((sum, c) => sum + (c.now - c.start), 0));
}

/** Starts the session afresh from the counts the chapters have now. */
export function restartSession(chapterId: string, words: number): void {
  store({ date: today(), chapters: { [chapterId]: { start: words, now: words } } });
}
