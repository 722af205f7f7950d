import { format } from "echarts/core";

/**
 * A beat chart's tooltip for one chapter. ECharts shows what a formatter returns as HTML, and the
 * title is the writer's text, so it is escaped, as ECharts escapes the names in its own tooltips.
 */
export function chapterTooltip(title: string, words: string): string {
  return `${format.encodeHTML(title)}<br/>${format.encodeHTML(words)}`;
}
