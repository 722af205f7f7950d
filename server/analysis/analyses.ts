import type { Selectable } from "kysely";
import { sql } from "../db";
import type { AnalysisResult } from "../generated/kysely/database";
import { analysisReportSchema } from "./engine";
import { ANALYSIS_STATUSES, type AnalysisDto, type AnalysisSummaryDto } from "./schemas";

export const analysisSummaryColumns = [
  "id",
  "bookId",
  "templateId",
  "templateName",
  "templateVersion",
  "parameters",
  "status",
  "error",
  "jobId",
  "createdAt",
  "startedAt",
  "finishedAt",
  "durationMs",
] as const;
export const analysisColumns = [...analysisSummaryColumns, "report"] as const;

type SummaryRow = Pick<Selectable<AnalysisResult>, (typeof analysisSummaryColumns)[number]>;
type Row = Pick<Selectable<AnalysisResult>, (typeof analysisColumns)[number]>;

const time = (value: Date | null) => (value === null ? null : value.toISOString());

export function toAnalysisSummary(row: SummaryRow): AnalysisSummaryDto {
  return {
    id: row.id,
    bookId: row.bookId,
    templateId: row.templateId,
    templateName: row.templateName,
    templateVersion: row.templateVersion,
    parameters: JSON.parse(row.parameters) as Record<string, unknown>,
    status: (ANALYSIS_STATUSES as readonly string[]).includes(row.status) ? (row.status as AnalysisSummaryDto["status"]) : "failed",
    error: row.error === null ? null : (JSON.parse(row.error) as { code: string; message: string }),
    jobId: row.jobId,
    createdAt: row.createdAt.toISOString(),
    startedAt: time(row.startedAt),
    finishedAt: time(row.finishedAt),
    durationMs: row.durationMs,
  };
}

export function toAnalysisDto(row: Row): AnalysisDto {
  return { ...toAnalysisSummary(row), report: row.report === null ? null : analysisReportSchema.parse(JSON.parse(row.report)) };
}

export async function readAnalysis(analysisId: string): Promise<AnalysisDto | null> {
  const row = await sql.selectFrom("AnalysisResult").select(analysisColumns).where("id", "=", analysisId).executeTakeFirst();
  return row ? toAnalysisDto(row) : null;
}
