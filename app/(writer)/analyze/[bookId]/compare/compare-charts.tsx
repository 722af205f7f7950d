"use client";

import { LineChart, ScatterChart } from "echarts/charts";
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";
import { useFormatter, useLocale, useTranslations } from "use-intl";
import type { Dates } from "@/i18n/dates";
import type { ComparisonDto } from "@/server/analysis/compare-schemas";
import { noteArguments } from "@/server/analysis/engine/note-words";
import { drawThemedChart, type Palette } from "@/app/_components/themed-chart";
import styles from "../../../templates/_components/analysis.module.css";
import { ScrollRegion } from "@/app/_components/scroll-region";
import { useDates } from "@/app/_i18n/use-dates";

echarts.use([LineChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, SVGRenderer]);

type Profile = ComparisonDto["left"];
type Series = ComparisonDto["series"][number];
type Words = ReturnType<typeof useTranslations<"analysis.compare">>;
/** Whether the catalog has a message for a key the server sent (a series key, a unit, a hook type). */
const knows = (t: Words, key: string) => t.has(key as Parameters<Words["has"]>[0]);

/** How a book is named in a legend: an earlier version says when. */
function sideName(t: Words, dates: Dates, profile: Profile): string {
  return profile.asOf ? t("sideAsOf", { title: profile.title, when: dates.dateTime(profile.asOf) }) : profile.title;
}

/** A series' label and unit in the page's language, by its stable key; a series the catalog lacks as the server named it. */
function seriesLabel(t: Words, series: Series): string {
  return knows(t, `series.${series.key}`) ? t(`series.${series.key}` as "series.beats") : series.label;
}
function unitOf(t: Words, unit: string): string {
  return unit && knows(t, `unit.${unit}`) ? t(`unit.${unit}` as "unit.words") : unit;
}
/** How a chapter ends (the hook-type series' categories), in the page's language. */
function hookName(t: Words, kind: string): string {
  return knows(t, `hook.${kind}`) ? t(`hook.${kind}` as "hook.question") : kind;
}

/**
 * A series' line about one book (only the lead speaker's has one), in the page's language: worded
 * from the key and values the server sends beside its English (decision 0514), the names inserted
 * as they are; a line whose key the catalog lacks as the server wrote it.
 */
function noteOf(t: Words, profile: Profile, key: string, locale: string, separator: string): string {
  const english = profile.notes[key]!;
  const words = profile.noteWords[key];
  const path = `note.${words?.key}` as "note.leadSpeaker";
  return words && knows(t, path) ? t(path, noteArguments(words.values, locale, separator) as { name: string }) : english;
}

function axis(p: Palette) {
  return { axisLine: { lineStyle: { color: p.line } }, axisLabel: { color: p.muted }, splitLine: { lineStyle: { color: p.line } }, nameTextStyle: { color: p.muted } };
}

/** Each book's chapters as points at their middles; the tooltip names the chapter. */
function points(profile: Profile, key: string) {
  return profile.chapters.map((chapter, index) => {
    const value = profile.values[key]?.[index];
    return { value: [chapter.position, typeof value === "number" ? value : null], name: chapter.title };
  });
}

/** The turning points as dotted lines, drawn once (on the first book's series). */
function beatLines(comparison: ComparisonDto, p: Palette) {
  return {
    symbol: "none",
    silent: true,
    lineStyle: { color: p.line, type: "dotted" },
    label: { color: p.muted, formatter: "{b}", position: "insideEndTop", fontSize: 10 },
    data: comparison.beats.map((beat) => ({ name: beat.name, xAxis: beat.target })),
  };
}

/** What every Compare chart shares: the theme's ink, the two books' colours and the legend. */
const sharedOption = (p: Palette) => ({
  animation: false,
  textStyle: { color: p.ink, fontFamily: "inherit" },
  color: [p.accent, p.muted],
  legend: { top: 0, itemGap: 28, textStyle: { color: p.muted } },
});

const tooltipStyle = (p: Palette) => ({ trigger: "item" as const, backgroundColor: p.card, borderColor: p.line, textStyle: { color: p.ink } });

/** The shared 0–100 % position axis. */
const positionAxis = (t: Words, p: Palette) => ({ type: "value" as const, min: 0, max: 100, name: t("positionAxis"), nameLocation: "middle" as const, nameGap: 28, ...axis(p) });

/**
 * A category series (how each chapter ends): one row per kind, each chapter a mark in its row at
 * its middle — a filled circle for the first book, a hollow diamond for the second, so the two
 * read apart where they share a row.
 */
function categoryOptionFor(t: Words, dates: Dates, comparison: ComparisonDto, series: Series, p: Palette): echarts.EChartsCoreOption {
  const sides = [comparison.left, comparison.right];
  return {
    ...sharedOption(p),
    tooltip: {
      ...tooltipStyle(p),
      formatter: (item: { seriesName: string; name: string; value: [number, string] }) =>
        `${item.seriesName}<br/>${item.name} · ${item.value[0]} %<br/><b>${hookName(t, item.value[1])}</b>`,
    },
    grid: { left: 104, right: 24, top: 40, bottom: 48 },
    xAxis: positionAxis(t, p),
    yAxis: { type: "category", data: series.categories, inverse: true, ...axis(p), axisLabel: { color: p.muted, formatter: (kind: string) => hookName(t, kind) } },
    series: sides.map((profile, index) => ({
      name: sideName(t, dates, profile),
      type: "scatter",
      symbol: index === 0 ? "circle" : "diamond",
      symbolSize: index === 0 ? 9 : 11,
      itemStyle: index === 1 ? { color: "transparent", borderColor: p.muted, borderWidth: 2 } : undefined,
      data: profile.chapters.flatMap((chapter, at) => {
        const value = profile.values[series.key]?.[at];
        return typeof value === "string" ? [{ value: [chapter.position, value], name: chapter.title }] : [];
      }),
      markLine: index === 0 ? beatLines(comparison, p) : undefined,
    })),
  };
}

function optionFor(t: Words, dates: Dates, comparison: ComparisonDto, series: Series, p: Palette): echarts.EChartsCoreOption {
  if (series.categories) return categoryOptionFor(t, dates, comparison, series, p);
  const unit = unitOf(t, series.unit);
  const sides = [comparison.left, comparison.right];
  return {
    ...sharedOption(p),
    tooltip: {
      ...tooltipStyle(p),
      formatter: (item: { seriesName: string; name: string; value: [number, number | null] }) =>
        `${item.seriesName}<br/>${item.name} · ${item.value[0]} %<br/><b>${item.value[1] ?? "—"}</b> ${unit}`,
    },
    grid: { left: 56, right: 24, top: 40, bottom: 48 },
    xAxis: positionAxis(t, p),
    // shares and counts start at 0; scores and means are scaled to their range
    yAxis: { type: "value", name: unit, scale: series.unit !== "%" && series.key !== "chapter-words" && series.key !== "speakers", ...axis(p) },
    series: sides.map((profile, index) => ({
      name: sideName(t, dates, profile),
      type: "line",
      data: points(profile, series.key),
      connectNulls: false,
      symbolSize: 6,
      lineStyle: index === 1 ? { type: "dashed" } : undefined,
      // the turning points, once, on the first book's line
      markLine: index === 0 ? beatLines(comparison, p) : undefined,
    })),
  };
}

function SeriesChart({ comparison, series }: { comparison: ComparisonDto; series: Series }) {
  const box = useRef<HTMLDivElement>(null);
  const t = useTranslations("analysis.compare");
  const dates = useDates();
  useEffect(() => drawThemedChart(box.current!, (p) => optionFor(t, dates, comparison, series, p)), [t, dates, comparison, series]);
  return (
    <div
      ref={box}
      className={styles.chart}
      style={{ height: 300 }}
      role="img"
      aria-label={t("chartLabel", { series: seriesLabel(t, series), left: comparison.left.title, right: sideName(t, dates, comparison.right) })}
      data-series={series.key}
    />
  );
}

/** How many chapters of a book take each kind of a category series ("statement 4, dialogue 1"), in the series' order. */
function kindCounts(t: Words, profile: Profile, series: Series, separator: string): string {
  const values = profile.values[series.key] ?? [];
  const counts = (series.categories ?? []).map((kind) => [kind, values.filter((value) => value === kind).length] as const).filter(([, count]) => count > 0);
  return counts.length ? counts.map(([kind, count]) => `${hookName(t, kind)} ${count}`).join(separator) : t("noText");
}

/** The chapter each book has where a turning point usually falls. */
function beatChapter(profile: Profile, target: number): string {
  const chapter = profile.chapters.find((c) => target >= c.start && target < c.end) ?? profile.chapters.at(-1);
  return chapter?.title ?? "—";
}

/** Every series as a chart with both books on the 0–100 % axis, then the turning points as a table. */
export function CompareCharts({ comparison }: { comparison: ComparisonDto }) {
  const { left, right } = comparison;
  const t = useTranslations("analysis.compare");
  const separator = useTranslations("analysisReport")("list.separator");
  const locale = useLocale();
  const format = useFormatter();
  const dates = useDates();
  const charts = comparison.series.filter((series) => series.key !== "beats");
  return (
    <div className={styles.report} aria-label={t("region")}>
      <p className="muted">
        {t("explain", { sides: [left, right].map((profile) => t("side", { name: sideName(t, dates, profile), chapters: profile.chapters.length, words: profile.words })).join(" · ") })}
      </p>
      {charts.map((series) => (
        <section key={series.key} className={styles.section} aria-labelledby={`compare-${series.key}`}>
          <h3 id={`compare-${series.key}`}>{seriesLabel(t, series)}</h3>
          {[left, right].some((profile) => profile.notes[series.key]) && (
            <p className="muted">
              {[left, right]
                .filter((profile) => profile.notes[series.key])
                .map((profile) => t("sideLine", { side: sideName(t, dates, profile), line: noteOf(t, profile, series.key, locale, separator) }))
                .join(" · ")}
            </p>
          )}
          <SeriesChart comparison={comparison} series={series} />
          {series.categories && (
            <p className="muted" data-kind-counts={series.key}>
              {t("byKind", { counts: [left, right].map((profile) => t("sideLine", { side: sideName(t, dates, profile), line: kindCounts(t, profile, series, separator) })).join(" · ") })}
            </p>
          )}
        </section>
      ))}
      {comparison.series.some((series) => series.key === "beats") && (
        <section className={styles.section} aria-labelledby="compare-beats">
          <h3 id="compare-beats">{t("beatsHeading")}</h3>
          <ScrollRegion className={styles.scroll} label={t("beatsTable")}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t("turningPoint")}</th>
                  <th scope="col">{t("usuallyAt")}</th>
                  <th scope="col">{sideName(t, dates, left)}</th>
                  <th scope="col">{sideName(t, dates, right)}</th>
                </tr>
              </thead>
              <tbody>
                {comparison.beats.map((beat) => (
                  <tr key={beat.name}>
                    <th scope="row">{beat.name}</th>
                    <td>{format.number(beat.target)} %</td>
                    <td>{beatChapter(left, beat.target)}</td>
                    <td>{beatChapter(right, beat.target)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      )}
    </div>
  );
}
