"use client";

import { BarChart, CustomChart, HeatmapChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, VisualMapComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";
import { useTranslations } from "use-intl";
import type { SectionResult } from "@/server/analysis/engine/report";
import { drawThemedChart, type Palette } from "@/app/_components/themed-chart";
import styles from "./analysis.module.css";
import { chapterTooltip } from "./chart-tooltip";

echarts.use([BarChart, LineChart, HeatmapChart, CustomChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, VisualMapComponent, SVGRenderer]);

type Chart = NonNullable<SectionResult["chart"]>;
function axis(p: Palette) {
  return { axisLine: { lineStyle: { color: p.line } }, axisLabel: { color: p.muted }, splitLine: { lineStyle: { color: p.line } }, nameTextStyle: { color: p.muted } };
}

type Words = ReturnType<typeof useTranslations<"analysis.report">>;

function optionFor(t: Words, chart: Chart, p: Palette): echarts.EChartsCoreOption {
  const base = {
    animation: false,
    textStyle: { color: p.ink, fontFamily: "inherit" },
    tooltip: { trigger: chart.type === "heatmap" || chart.type === "beats" ? "item" : "axis", backgroundColor: p.card, borderColor: p.line, textStyle: { color: p.ink } },
    grid: { left: 56, right: 24, top: 36, bottom: 56, containLabel: false },
  };
  if (chart.type === "bar" || chart.type === "line") {
    return {
      ...base,
      color: [p.accent, p.muted, p.ink],
      legend: chart.series.length > 1 ? { textStyle: { color: p.muted } } : undefined,
      xAxis: { type: "category", data: chart.x, ...axis(p), axisLabel: { color: p.muted, hideOverlap: true } },
      yAxis: { type: "value", name: chart.yLabel, ...axis(p) },
      series: chart.series.map((s) => ({ name: s.name, type: chart.type, data: s.values, smooth: false, connectNulls: false, symbolSize: 5 })),
    };
  }
  if (chart.type === "beats") {
    const data = chart.chapters.map((c) => [c.start * 100, c.end * 100, c.words, c.title]);
    return {
      ...base,
      xAxis: { type: "value", min: 0, max: 100, name: t("percentOfBook"), nameLocation: "middle", nameGap: 30, ...axis(p) },
      yAxis: { type: "value", name: t("chartWords"), ...axis(p) },
      tooltip: { ...base.tooltip, formatter: (item: { value: [number, number, number, string] }) => chapterTooltip(item.value[3], t("tooltipWords", { count: item.value[2] })) },
      series: [
        {
          type: "custom",
          name: "chapters",
          data,
          encode: { x: [0, 1], y: 2 },
          itemStyle: { color: p.soft, borderColor: p.accent, borderWidth: 1 },
          renderItem: (_params: unknown, api: { value(i: number): number; coord(v: number[]): number[]; style(): object }) => {
            const [x0, y0] = api.coord([api.value(0), api.value(2)]);
            const [x1, y1] = api.coord([api.value(1), 0]);
            return { type: "rect", shape: { x: x0!, y: y0!, width: Math.max(1, x1! - x0! - 1), height: y1! - y0! }, style: api.style() };
          },
          markLine: {
            symbol: "none",
            silent: true,
            lineStyle: { color: p.accent, type: "dashed" },
            label: { color: p.ink, formatter: "{b}", position: "insideEndTop", fontSize: 11 },
            data: chart.beats.map((b) => ({ name: b.name, xAxis: b.target * 100 })),
          },
        },
      ],
    };
  }
  const cells = chart.values.flatMap((row, y) => row.map((value, x) => [x, y, value]));
  const max = Math.max(1, ...chart.values.flat());
  return {
    ...base,
    grid: { ...base.grid, left: 96 },
    xAxis: { type: "category", data: chart.columns, ...axis(p), splitArea: { show: false } },
    // rows top to bottom in the report's order (a category axis counts upwards)
    yAxis: { type: "category", data: chart.rows, inverse: true, ...axis(p) },
    visualMap: { min: 0, max, calculable: false, orient: "horizontal", left: "center", bottom: 0, inRange: { color: [p.card, p.accent] }, textStyle: { color: p.muted } },
    series: [{ type: "heatmap", data: cells, itemStyle: { borderColor: p.line, borderWidth: 1 } }],
  };
}

/** One section's chart, drawn as SVG and redrawn in the page's colours when the theme changes. */
export function AnalysisChart({ chart, label }: { chart: Chart; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const t = useTranslations("analysis.report");
  useEffect(() => {
    return drawThemedChart(box.current!, (p) => optionFor(t, chart, p));
  }, [t, chart]);
  const tall = chart.type === "heatmap" ? Math.max(220, 48 + chart.rows.length * 34) : 300;
  return <div ref={box} className={styles.chart} style={{ height: tall }} role="img" aria-label={label} data-chart={chart.type} />;
}
