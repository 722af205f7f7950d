import type { AnalysisReport } from "../server/analysis/engine/report";
import { groupedDigits } from "../server/text/grouped-digits";
import { renderTable } from "./output";

type Section = AnalysisReport["sections"][number];

const MAX_ROWS = 40;

function figure(value: number | string | null | undefined, unit?: string): string {
  if (value === null || value === undefined) return "";
  const shown = typeof value === "number" ? groupedDigits(Number(value.toFixed(2))) : value;
  return unit ? `${shown} ${unit}` : String(shown);
}

/** Each section of a report as a heading, its headline figures, its table and its notes. */
export function renderReport(sections: Section[]): string {
  return sections
    .map((section) => {
      const lines = [`== ${section.title} ==`];
      for (const item of section.summary) lines.push(`${item.label}: ${figure(item.value, item.unit)}`);
      if (section.table.rows.length > 0) {
        const head = section.table.columns.map((c) => (c.unit ? `${c.label} (${c.unit})` : c.label));
        lines.push(renderTable(head, section.table.rows.slice(0, MAX_ROWS).map((row) => section.table.columns.map((c) => figure(row[c.key]))), true));
        if (section.table.rows.length > MAX_ROWS) lines.push(`… ${section.table.rows.length - MAX_ROWS} more rows (--json has them all)`);
      }
      for (const note of section.notes) lines.push(`note: ${note}`);
      return lines.join("\n");
    })
    .join("\n\n");
}
