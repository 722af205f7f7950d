"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { THEME_COOKIE, type Theme } from "./theme";

const MARKS: Record<Theme, string> = { system: "◐", light: "☀", dark: "☾" };
const NEXT: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };
const YEAR = 60 * 60 * 24 * 365;

/**
 * Cycles system → light → dark. The choice goes on <html data-theme> at once and into a cookie
 * that the root layout reads, so the next page is rendered in it (no script runs before paint).
 */
export function ThemeToggle({ initial }: { initial: Theme }) {
  const t = useTranslations("shell.theme");
  const [theme, setTheme] = useState(initial);
  const next = NEXT[theme];

  function choose() {
    setTheme(next);
    if (next === "system") delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = next;
    document.cookie = `${THEME_COOKIE}=${next}; path=/; max-age=${YEAR}; samesite=lax`;
  }

  return (
    <button type="button" className="link-button quiet" onClick={choose} aria-label={t("label", { current: t(theme), next: t(next) })}
      title={t("title")}>
      <span aria-hidden="true">
        {MARKS[theme]} {t(theme)}
      </span>
    </button>
  );
}
