import type { AnalysisReport, SectionResult } from "@/server/analysis/engine/report";
import { AnalysisChart } from "./analysis-chart";
import styles from "./analysis.module.css";
import { ScrollRegion } from "@/app/_components/scroll-region";
import { getFormat, getT } from "@/app/_i18n/server";

type Shown = (value: string | number | null) => string;

async function Section({ section, shown }: { section: SectionResult; shown: Shown }) {
  const t = await getT("analysis.report");
  const headingId = `section-${section.id}`;
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h3 id={headingId}>{section.title}</h3>
      {section.summary.length > 0 && (
        <dl className={styles.figures}>
          {section.summary.map((figure) => (
            <div key={figure.label}>
              <dt>{figure.label}</dt>
              <dd>
                {shown(figure.value)}
                {figure.unit && <small> {figure.unit}</small>}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {section.chart && <AnalysisChart chart={section.chart} label={t("chart", { title: section.title })} />}
      {section.notes.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
      {section.table.rows.length > 0 && (
        <details className={styles.tableBox} open={!section.chart}>
          <summary>{t("table", { count: section.table.rows.length })}</summary>
          <ScrollRegion className={styles.scroll} label={t("tableLabel", { title: section.title })}>
            <table className="table">
              <thead>
                <tr>
                  {section.table.columns.map((c) => (
                    <th key={c.key} scope="col">
                      {c.label}
                      {c.unit && <small> ({c.unit})</small>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {section.table.rows.map((row, i) => (
                  <tr key={i}>
                    {section.table.columns.map((c) => (
                      <td key={c.key} className={typeof row[c.key] === "number" ? "num" : undefined}>
                        {shown(row[c.key] ?? null)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </details>
      )}
    </section>
  );
}

/**
 * A stored report: headline figures, a chart and a table per section. The report's own words are
 * translated before it comes here (report-words.ts); figures are formatted in the page's language.
 */
export async function ReportView({ report }: { report: AnalysisReport }) {
  const [t, format] = await Promise.all([getT("analysis.report"), getFormat()]);
  const shown: Shown = (value) => (value === null ? "—" : typeof value === "number" ? format.number(value, { maximumFractionDigits: 2 }) : value);
  return (
    <div className={styles.report}>
      {report.empty && (
        <p className={styles.emptyReport} role="status">
          {t("empty")}
        </p>
      )}
      <p className="muted">
        {t("chapters", { count: report.chapters })} · {report.language === "zh" ? t("characters", { count: format.number(report.words) }) : t("words", { count: report.words })} ·{" "}
        {t("language", { language: t(`languageName.${report.language}`) })}
      </p>
      {report.sections.map((section) => (
        <Section key={section.id} section={section} shown={shown} />
      ))}
    </div>
  );
}
