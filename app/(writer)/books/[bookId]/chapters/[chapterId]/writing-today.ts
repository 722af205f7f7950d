// Words written today, per browser: for each chapter touched today, the count it had when first
// opened today and the count it has now. The sum of the differences is the day's net words, the
// figure a writer's daily target is about (deleting counts against it, as in Scrivener's targets).

const KEY = "inkstone-words-today";

interface Day {
  date: string;
  chapters: Record<string, { start: number; now: number }>;
}

const today = () => new Date().toLocaleDateString("en-CA"); // YYYY-MM-DD, in the writer's time zone

function load(): Day {
  try {
    const day = JSON.parse(localStorage.getItem(KEY) ?? "null") as Day | null;
    if (day && day.date === today() && typeof day.chapters === "object") return day;
  } catch {
    // A damaged entry only costs today's tally.
  }
  return { date: today(), chapters: {} };
}

/** Records a chapter's current count and answers today's net words across all chapters. */
export function recordWords(chapterId: string, words: number): number {
  const day = load();
  const entry = (day.chapters[chapterId] ??= { start: words, now: words });
  entry.now = words;
  try {
    localStorage.setItem(KEY, JSON.stringify(day));
  } catch {
    // Storage full or disabled: the tally is a nicety, the text is not at stake.
  }
  return Object.values(day.chapters).reduce((sum, c) => sum + (c.now - c.start), 0);
}
