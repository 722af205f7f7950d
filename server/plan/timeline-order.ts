/**
 * Story order beside reading order (issue 35 item 3, decision 0505): pure functions over the
 * timeline's items, shared by the use case and its tests. No database, no clock.
 *
 * Calendar dates and days of an invented calendar cannot be compared (day 12 of what year?), so
 * each has its own lane: the dated items first, in date order, then the counted days, in day order.
 * Within a lane: the date (or day), then the time, an item without a time before the timed ones of
 * its day, then reading order, so that equal places keep the order the reader meets them in.
 */

export type Lane = "date" | "day";
export type Departure = "flashback" | "flashForward";

/** What ordering needs of an item: its place in reading order and its story date, time and day. */
export interface Placeable {
  readingOrder: number;
  storyDate: string | null;
  storyDay: number | null;
  storyTime: string | null;
}

// A stored calendar date is YYYY-MM-DD with a year of 1 to 6 digits, possibly negative (decision
// 0500): years of different lengths and signs do not compare as text, so it is read as numbers.
// Anchored, one quantifier per group, on a string already checked when it was stored.
const CALENDAR = /^(-?\d{1,6})-(\d{2})-(\d{2})$/;

function dateKey(date: string): [number, number, number] {
  const parts = CALENDAR.exec(date);
  if (!parts) return [Number.MAX_SAFE_INTEGER, 0, 0];
  return [Number(parts[1]), Number(parts[2]), Number(parts[3])];
}

/** The lane an item is placed in, or null: not placed in time. */
export function laneOf(item: Placeable): Lane | null {
  if (item.storyDate !== null) return "date";
  if (item.storyDay !== null) return "day";
  return null;
}

function compareWithinLane(a: Placeable, b: Placeable): number {
  if (a.storyDate !== null && b.storyDate !== null) {
    const [x, y] = [dateKey(a.storyDate), dateKey(b.storyDate)];
    for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  } else if (a.storyDay !== b.storyDay) {
    return (a.storyDay ?? 0) - (b.storyDay ?? 0);
  }
  // "HH:MM" compares as text; no time sorts before any time.
  if (a.storyTime !== b.storyTime) {
    if (a.storyTime === null) return -1;
    if (b.storyTime === null) return 1;
    return a.storyTime < b.storyTime ? -1 : 1;
  }
  return a.readingOrder - b.readingOrder;
}

/** One lane's items in story order. */
export function storyOrderOf<T extends Placeable>(items: T[]): T[] {
  return [...items].sort(compareWithinLane);
}

/**
 * Which items of a lane (given in story order) depart from reading order. The items that keep
 * reading order are the longest run, in story order, whose reading order rises (a longest
 * increasing subsequence, O(n log n)); every other item is told out of its time: a flashback when
 * it comes earlier in the story than in the reading (told late), a flash-forward when it comes
 * later (told early: a prologue set after the end). So one flashback marks one scene, not every
 * scene after it. Of two runs as long, the one ending on the earlier-told item is kept, so of two
 * items swapped the one told later is the flashback.
 */
export function departuresOf(storyOrdered: Placeable[]): (Departure | null)[] {
  const n = storyOrdered.length;
  const reading = storyOrdered.map((item) => item.readingOrder);
  // tails[k]: index (in story order) of the smallest last reading order of a rising run of length k+1.
  const tails: number[] = [];
  const previous = new Array<number>(n).fill(-1);
  for (let i = 0; i < n; i++) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (reading[tails[mid]!]! < reading[i]!) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[i] = tails[low - 1]!;
    tails[low] = i;
  }
  const keeps = new Array<boolean>(n).fill(false);
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i >= 0; i = previous[i]!) keeps[i] = true;
  // An item's rank in the lane's reading order, to say which way it departs.
  const readingRank = new Map([...reading].sort((a, b) => a - b).map((order, rank) => [order, rank]));
  return storyOrdered.map((item, storyRank) => {
    if (keeps[storyRank]) return null;
    return storyRank < readingRank.get(item.readingOrder)! ? "flashback" : "flashForward";
  });
}
