"use client";

import { LineChart, ScatterChart } from "echarts/charts";
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";
import type { ComparisonDto } from "@/server/analysis/compare-schemas";
import { drawThemedChart, type Palette } from "@/app/_components/themed-chart";
import styles from "../../../templates/_components/analysis.module.css";
import { ScrollRegion } from "@/app/_components/scroll-region";

echarts.use([LineChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, SVGRenderer]);

type Profile = ComparisonDto["left"];
type Series = ComparisonDto["series"][number];

/** How a book is named in a legend: an earlier version says when. */
export function sideName(profile: Profile): string {
  return profile.asOf ? `${profile.title} (as of ${profile.asOf.slice(0, 16).replace("T", " ")} UTC)` : profile.title;
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
const positionAxis = (p: Palette) => ({ type: "value" as const, min: 0, max: 100, name: "% of the book", nameLocation: "middle" as const, nameGap: 28, ...axis(p) });

/**
 * A category series (how each chapter ends): one row per kind, each chapter a mark in its row at
 * its middle — a filled circle for the first book, a hollow diamond for the second, so the two
 * read apart where they share a row.
 */
function categoryOptionFor(comparison: ComparisonDto, series: Series, p: Palette): echarts.EChartsCoreOption {
  const sides = [comparison.left, comparison.right];
  return {
    ...sharedOption(p),
    tooltip: {
      ...tooltipStyle(p),
      formatter: (item: { seriesName: string; name: string; value: [number, string] }) => `${item.seriesName}<br/>${item.name} · ${item.value[0]} %<br/><b>${item.value[1]}</b>`,
    },
    grid: { left: 104, right: 24, top: 40, bottom: 48 },
    xAxis: positionAxis(p),
    yAxis: { type: "category", data: series.categories, inverse: true, ...axis(p) },
    series: sides.map((profile, index) => ({
      name: sideName(profile),
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

function optionFor(comparison: ComparisonDto, series: Series, p: Palette): echarts.EChartsCoreOption {
  if (series.categories) return categoryOptionFor(comparison, series, p);
  const sides = [comparison.left, comparison.right];
  return {
    ...sharedOption(p),
    tooltip: {
      ...tooltipStyle(p),
      formatter: (item: { seriesName: string; name: string; value: [number, number | null] }) =>
        `${item.seriesName}<br/>${item.name} · ${item.value[0]} %<br/><b>${item.value[1] ?? "—"}</b> ${series.unit}`,
    },
    grid: { left: 56, right: 24, top: 40, bottom: 48 },
    xAxis: positionAxis(p),
    // shares and counts start at 0; scores and means are scaled to their range
    yAxis: { type: "value", name: series.unit, scale: series.unit !== "%" && series.key !== "chapter-words" && series.key !== "speakers", ...axis(p) },
    series: sides.map((profile, index) => ({
      name: sideName(profile),
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
  useEffect(() => drawThemedChart(box.current!, (p) => optionFor(comparison, series, p)), [comparison, series]);
  return <div ref={box} className={styles.chart} style={{ height: 300 }} role="img" aria-label={`${series.label}: ${comparison.left.title} and ${sideName(comparison.right)}`} data-series={series.key} />;
}

/** How many chapters of a book take each kind of a category series ("statement 4, dialogue 1"), in the series' order. */
function kindCounts(profile: Profile, series: Series): string {
  const values = profile.values[series.key] ?? [];
  const counts = (series.categories ?? []).map((kind) => [kind, values.filter((value) => value === kind).length] as const).filter(([, count]) => count > 0);
  return counts.length ? counts.map(([kind, count]) => `${kind} ${count}`).join(", ") : "no chapter with text";
}

/** The chapter each book has where a turning point usually falls. */
function beatChapter(profile: Profile, target: number): string {
  const chapter = profile.chapters.find((c) => target >= c.start && target < c.end) ?? profile.chapters.at(-1);
  return chapter?.title ?? "—";
}

/** Every series as a chart with both books on the 0–100 % axis, then the turning points as a table. */
export function CompareCharts({ comparison }: { comparison: ComparisonDto }) {
  const { left, right } = comparison;
  const charts = comparison.series.filter((series) => series.key !== "beats");
  return (
    <div className={styles.report} aria-label="Comparison">
      <p className="muted">
        {[left, right].map((profile) => `${sideName(profile)}: ${profile.chapters.length} chapters, ${profile.words.toLocaleString("en")} words`).join(" · ")}. Each
        chapter is drawn at the middle of its share of its book&apos;s words; dotted lines mark where the Three-Act turning points usually fall.
      </p>
      {charts.map((series) => (
        <section key={series.key} className={styles.section} aria-labelledby={`compare-${series.key}`}>
          <h3 id={`compare-${series.key}`}>{series.label}</h3>
          {[left, right].some((profile) => profile.notes[series.key]) && (
            <p className="muted">
              {[left, right]
                .filter((profile) => profile.notes[series.key])
                .map((profile) => `${sideName(profile)}: ${profile.notes[series.key]}`)
                .join(" · ")}
            </p>
          )}
          <SeriesChart comparison={comparison} series={series} />
          {series.categories && (
            <p className="muted" data-kind-counts={series.key}>
              Chapters by kind — {[left, right].map((profile) => `${sideName(profile)}: ${kindCounts(profile, series)}`).join(" · ")}
            </p>
          )}
        </section>
      ))}
      {comparison.series.some((series) => series.key === "beats") && (
        <section className={styles.section} aria-labelledby="compare-beats">
          <h3 id="compare-beats">Turning points (Three-Act Structure)</h3>
          <ScrollRegion className={styles.scroll} label="Turning points, as a table">
            <table>
              <thead>
                <tr>
                  <th scope="col">Turning point</th>
                  <th scope="col">Usually at</th>
                  <th scope="col">{sideName(left)}</th>
                  <th scope="col">{sideName(right)}</th>
                </tr>
              </thead>
              <tbody>
                {comparison.beats.map((beat) => (
                  <tr key={beat.name}>
                    <th scope="row">{beat.name}</th>
                    <td>{beat.target} %</td>
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
