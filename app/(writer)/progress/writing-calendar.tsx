"use client";

import { HeatmapChart } from "echarts/charts";
import { CalendarComponent, TooltipComponent, VisualMapComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";
import { useLocale, useTranslations } from "use-intl";
import { isLocale } from "@/i18n/locales";
import { formatWords } from "../../_components/format";
import { ScrollRegion } from "../../_components/scroll-region";
import { drawThemedChart } from "../../_components/themed-chart";
import { useDates } from "../../_i18n/use-dates";
import styles from "./progress.module.css";

echarts.use([HeatmapChart, CalendarComponent, TooltipComponent, VisualMapComponent, SVGRenderer]);

interface Day {
  date: string;
  /** typed less deleted, the one rule (server/goals/rule.ts) */
  net: number;
}

/**
 * A year of days as a calendar heat map (GitHub's contribution calendar, which writers know): the
 * darker the square, the more net words (typed less deleted); a day that cut more than it added
 * stays blank. The table under it says the same in text.
 */
export function WritingCalendar({ days, from, to, unitLanguage }: { days: Day[]; from: string; to: string; unitLanguage: string }) {
  const t = useTranslations("progress");
  const tag = useLocale();
  const locale = isLocale(tag) ? tag : "en";
  const dates = useDates();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const ahead = days.filter((day) => day.net > 0);
    const max = Math.max(1, ...ahead.map((day) => day.net));
    return drawThemedChart(box.current!, (p) => ({
      animation: false,
      textStyle: { color: p.ink, fontFamily: "inherit" },
      tooltip: {
        backgroundColor: p.card,
        borderColor: p.line,
        textStyle: { color: p.ink },
        // Dates and numbers only: nothing the writer typed reaches this HTML.
        formatter: (item: { value: [string, number] }) => `${dates.day(item.value[0])}<br>${formatWords(item.value[1], unitLanguage, locale)}`,
      },
      visualMap: { show: false, min: 0, max, inRange: { color: [p.soft, p.accent] } },
      calendar: {
        range: [from, to],
        cellSize: ["auto", 14],
        left: 36,
        right: 8,
        top: 22,
        bottom: 4,
        itemStyle: { color: p.card, borderColor: p.line, borderWidth: 1 },
        splitLine: { show: false },
        // Sunday first, as echarts counts them; named as every page names a weekday.
        dayLabel: { firstDay: 1, color: p.muted, fontSize: 10, nameMap: [0, 1, 2, 3, 4, 5, 6].map((day) => dates.weekday(day, "short")) },
        // echarts names the months in English or Chinese itself (a month's name alone, as the axis marks it).
        monthLabel: { color: p.muted, fontSize: 10, nameMap: locale === "en" ? "EN" : "ZH" },
        yearLabel: { show: false },
      },
      series: [{ type: "heatmap", coordinateSystem: "calendar", data: ahead.map((day) => [day.date, day.net]) }],
    }), locale);
  }, [days, from, to, unitLanguage, locale, dates]);

  const todays = days.find((day) => day.date === to)?.net ?? 0;
  const writingDays = days.filter((day) => day.net > 0).length;
  const label = t("calendar.label", { from: dates.day(from), to: dates.day(to), days: t("days", { count: writingDays }), today: formatWords(todays, unitLanguage, locale) });
  return (
    <ScrollRegion className={styles.scroll} label={t("calendar.region")}>
      <div ref={box} className={styles.calendar} role="img" aria-label={label} data-today-written={todays} />
    </ScrollRegion>
  );
}
