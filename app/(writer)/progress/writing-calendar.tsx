"use client";

import { HeatmapChart } from "echarts/charts";
import { CalendarComponent, TooltipComponent, VisualMapComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";
import { formatDay, WEEKDAYS } from "../../_components/days";
import { formatWords } from "../../_components/format";
import { ScrollRegion } from "../../_components/scroll-region";
import { drawThemedChart } from "../../_components/themed-chart";
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
        formatter: (item: { value: [string, number] }) => `${formatDay(item.value[0])}<br>${formatWords(item.value[1], unitLanguage)}`,
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
        dayLabel: { firstDay: 1, color: p.muted, fontSize: 10, nameMap: [...WEEKDAYS.slice(-1), ...WEEKDAYS.slice(0, -1)].map((d) => d.short) },
        monthLabel: { color: p.muted, fontSize: 10 },
        yearLabel: { show: false },
      },
      series: [{ type: "heatmap", coordinateSystem: "calendar", data: ahead.map((day) => [day.date, day.net]) }],
    }));
  }, [days, from, to, unitLanguage]);

  const todays = days.find((day) => day.date === to)?.net ?? 0;
  const writingDays = days.filter((day) => day.net > 0).length;
  const label = `Words per day from ${formatDay(from)} to ${formatDay(to)}: ${writingDays} ${writingDays === 1 ? "day" : "days"} with writing; today ${formatWords(todays, unitLanguage)}. The table below lists every day.`;
  return (
    <ScrollRegion className={styles.scroll} label="Writing calendar">
      <div ref={box} className={styles.calendar} role="img" aria-label={label} data-today-written={todays} />
    </ScrollRegion>
  );
}
