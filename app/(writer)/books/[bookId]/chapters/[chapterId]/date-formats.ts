import type { DateTimeFormatOptions } from "use-intl";

/** A moment as the editor's dialogs and panels show it: "3 Mar 2026, 14:05", "2026年3月3日 14:05". */
export const DATE_TIME: DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" };
