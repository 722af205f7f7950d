"use client";

import { LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";
import { useLocale, useTranslations } from "use-intl";
import { isLocale } from "@/i18n/locales";
import { FormAlert } from "../../_components/form-alert";
import { formatNumber, formatWords } from "../../_components/format";
import { useProblems } from "../../_components/use-problems";
import { drawThemedChart } from "../../_components/themed-chart";
import { useDates } from "../../_i18n/use-dates";
import { trpc } from "../../_trpc/client";
import styles from "./progress.module.css";

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface ProgressBook {
  id: string;
  title: string;
  language: string;
  targetWordCount: number | null;
}

/**
 * A book's words over time, and the straight line from its start to the target on the deadline:
 * above the line is ahead of plan, below it behind (Scrivener's and NaNoWriMo's picture).
 */
export function BookProgressChart({ book }: { book: ProgressBook }) {
  const t = useTranslations("progress.chart");
  const tag = useLocale();
  const locale = isLocale(tag) ? tag : "en";
  const dates = useDates();
  const { describeProblem } = useProblems();
  const wordsName = t("words");
  const deadlineName = t("deadlineLine");
  const progress = trpc.stats.bookProgress.useQuery({ bookId: book.id });
  const box = useRef<HTMLDivElement>(null);
  const data = progress.data;
  useEffect(() => {
    if (!data || data.points.length === 0 || !box.current) return;
    const first = data.points[0]!;
    const plan =
      data.targetWordCount !== null && data.deadline !== null
        ? [
            [data.startDate ?? first.date, data.startDate === null || data.startDate === first.date ? first.wordCount : 0],
            [data.deadline, data.targetWordCount],
          ]
        : null;
    return drawThemedChart(box.current, (p) => ({
      animation: false,
      textStyle: { color: p.ink, fontFamily: "inherit" },
      color: [p.accent, p.muted],
      legend: { textStyle: { color: p.muted }, top: 0 },
      tooltip: {
        trigger: "axis",
        backgroundColor: p.card,
        borderColor: p.line,
        textStyle: { color: p.ink },
        // The day as every page writes one, then each line's words (the catalog's names and numbers only: HTML-safe).
        formatter: (items: { marker: string; seriesName: string; value: [string, number] }[]) =>
          [dates.day(items[0]!.value[0]), ...items.map((item) => `${item.marker}${item.seriesName} ${formatNumber(item.value[1], locale)}`)].join("<br>"),
      },
      grid: { left: 64, right: 24, top: 36, bottom: 36 },
      xAxis: { type: "time", minInterval: 24 * 60 * 60 * 1000, axisLine: { lineStyle: { color: p.line } }, axisLabel: { color: p.muted, hideOverlap: true }, splitLine: { show: false } },
      yAxis: { type: "value", min: 0, axisLabel: { color: p.muted, formatter: (value: number) => formatNumber(value, locale) }, splitLine: { lineStyle: { color: p.line } } },
      series: [
        { name: wordsName, type: "line", step: "end", showSymbol: data.points.length < 40, data: data.points.map((point) => [point.date, point.wordCount]) },
        ...(plan ? [{ name: deadlineName, type: "line", data: plan, showSymbol: false, lineStyle: { type: "dashed", width: 1.5 } }] : []),
      ],
    }), locale);
  }, [data, locale, dates, wordsName, deadlineName]);

  if (progress.error) return <FormAlert message={describeProblem(progress.error)?.message} />;
  if (!data) return <p className="muted">{t("loading")}</p>;
  if (data.points.length === 0) return <p className="muted">{t("nothing")}</p>;
  const first = data.points[0]!;
  const last = data.points.at(-1)!;
  const words = (n: number) => formatWords(n, book.language, locale);
  const target = data.targetWordCount !== null ? formatNumber(data.targetWordCount, locale) : null;
  const summary = [
    t("from", { first: words(first.wordCount), firstDay: dates.day(first.date), last: words(last.wordCount), lastDay: dates.day(last.date) }),
    target === null ? t("noTarget") : data.deadline ? t("targetBy", { target, deadline: dates.day(data.deadline) }) : t("target", { target }),
  ].join(" ");
  return (
    <figure className={styles.figure}>
      <div ref={box} className={styles.lineChart} role="img" aria-label={t("label", { title: book.title, summary })} />
      <figcaption className="muted">
        {summary}
      </figcaption>
    </figure>
  );
}
