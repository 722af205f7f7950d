// The writing session: this tab's sitting, for the session goal's bar. It counts by the day's one
// rule (server/goals/rule.ts): the day's net words now, less what they were when the session
// began. Only that starting figure is kept, in sessionStorage, so a reload or a move to the next
// chapter keeps the session, another tab or device has its own, and a new day starts a new one.

const KEY = "inkstone-session";
/** The one-browser daily tally an earlier version kept; removed so it cannot mislead anyone. */
const OLD_DAILY_KEY = "inkstone-words-today";

/** When the session began: the writer's day, and the day's net words then. */
export interface SessionStart {
  date: string;
  net: number;
}

function store(start: SessionStart): SessionStart {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(start));
    localStorage.removeItem(OLD_DAILY_KEY);
  } catch {
    // Storage full or disabled: the session lasts as long as the page.
  }
  return start;
}

/** The session under way on `date`, or one begun now, at the day's net words `net`. */
export function sessionStart(date: string, net: number): SessionStart {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Partial<SessionStart> | null;
    if (kept?.date === date && typeof kept.net === "number") return { date, net: kept.net };
  } catch {
    // A damaged entry only costs the session's tally.
  }
  return store({ date, net });
}

/** Begins the session afresh from the day's net words now. */
export function restartSession(date: string, net: number): SessionStart {
  return store({ date, net });
}
