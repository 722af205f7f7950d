import type { AnalysisReport, SectionResult } from "@/server/analysis/engine/report";
import { AnalysisChart } from "./analysis-chart";
import styles from "./analysis.module.css";
import { ScrollRegion } from "@/app/_components/scroll-region";

const number = new Intl.NumberFormat("en", { maximumFractionDigits: 2 });
const shown = (value: string | number | null) => (value === null ? "—" : typeof value === "number" ? number.format(value) : value);

function Section({ section }: { section: SectionResult }) {
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
      {section.chart && <AnalysisChart chart={section.chart} label={`${section.title}: chart`} />}
      {section.notes.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
      {section.table.rows.length > 0 && (
        <details className={styles.tableBox} open={!section.chart}>
          <summary>Table ({section.table.rows.length} rows)</summary>
          <ScrollRegion className={styles.scroll} label={`${section.title}: table`}>
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

/** A stored report: headline figures, a chart and a table per section. */
export function ReportView({ report }: { report: AnalysisReport }) {
  return (
    <div className={styles.report}>
      {report.empty && (
        <p className={styles.emptyReport} role="status">
          This book has no chapters yet, so there is nothing to measure. The sections below are empty.
        </p>
      )}
      <p className="muted">
        {report.chapters} {report.chapters === 1 ? "chapter" : "chapters"} · {number.format(report.words)} {report.language === "zh" ? "characters (字)" : "words"} · language{" "}
        {report.language}
      </p>
      {report.sections.map((section) => (
        <Section key={section.id} section={section} />
      ))}
    </div>
  );
}
