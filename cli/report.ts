import Table from "cli-table3";
import type { AnalysisReport } from "../server/analysis/engine/report";

type Section = AnalysisReport["sections"][number];

const MAX_ROWS = 40;

function figure(value: number | string | null | undefined, unit?: string): string {
  if (value === null || value === undefined) return "";
  const shown = typeof value === "number" ? Number(value.toFixed(2)).toLocaleString("en") : value;
  return unit ? `${shown} ${unit}` : String(shown);
}

/** Each section of a report as a heading, its headline figures, its table and its notes. */
export function renderReport(sections: Section[]): string {
  const style = process.stdout.isTTY ? {} : { head: [], border: [] };
  return sections
    .map((section) => {
      const lines = [`== ${section.title} ==`];
      for (const item of section.summary) lines.push(`${item.label}: ${figure(item.value, item.unit)}`);
      if (section.table.rows.length > 0) {
        const table = new Table({ head: section.table.columns.map((c) => (c.unit ? `${c.label} (${c.unit})` : c.label)), style });
        for (const row of section.table.rows.slice(0, MAX_ROWS)) table.push(section.table.columns.map((c) => figure(row[c.key])));
        lines.push(table.toString());
        if (section.table.rows.length > MAX_ROWS) lines.push(`… ${section.table.rows.length - MAX_ROWS} more rows (--json has them all)`);
      }
      for (const note of section.notes) lines.push(`note: ${note}`);
      return lines.join("\n");
    })
    .join("\n\n");
}
