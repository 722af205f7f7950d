import type { EChartsCoreOption } from "echarts/core";
import * as echarts from "echarts/core";
import type { Locale } from "@/i18n/locales";

/** The page's colours as the browser resolved them (the variables hold light-dark() pairs). */
export type Palette = Record<"ink" | "muted" | "line" | "accent" | "soft" | "card", string>;

function palette(element: HTMLElement): Palette {
  const probe = document.createElement("span");
  element.append(probe);
  const resolve = (variable: string) => {
    probe.style.color = `var(${variable})`;
    return getComputedStyle(probe).color;
  };
  const colours = {
    ink: resolve("--ink"),
    muted: resolve("--muted"),
    line: resolve("--line"),
    accent: resolve("--accent"),
    soft: resolve("--accent-soft"),
    card: resolve("--card"),
  };
  probe.remove();
  return colours;
}

/**
 * Draws a chart as SVG in `element` and redraws it in the page's colours when the theme changes
 * and at its new size when the box changes, in the page's language. The chart types in use must be registered with
 * echarts.use by the caller. Returns what undoes it all, for an effect's cleanup.
 */
export function drawThemedChart(element: HTMLElement, optionFor: (palette: Palette) => EChartsCoreOption, locale: Locale = "en"): () => void {
  // echarts names months and weekdays on its axes and in its tooltips itself, in English or Chinese.
  const instance = echarts.init(element, undefined, { renderer: "svg", locale: locale === "en" ? "EN" : "ZH" });
  const draw = () => instance.setOption(optionFor(palette(element)), true);
  draw();
  const themes = new MutationObserver(draw);
  themes.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  const dark = window.matchMedia("(prefers-color-scheme: dark)");
  dark.addEventListener("change", draw);
  const size = new ResizeObserver(() => instance.resize());
  size.observe(element);
  return () => {
    themes.disconnect();
    dark.removeEventListener("change", draw);
    size.disconnect();
    instance.dispose();
  };
}
