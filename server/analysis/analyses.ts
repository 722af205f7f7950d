import { db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { analysisReportSchema } from "./engine";
import { ANALYSIS_STATUSES, type AnalysisDto, type AnalysisSummaryDto } from "./schemas";

export const analysisSummarySelect = {
  id: true,
  bookId: true,
  templateId: true,
  templateName: true,
  templateVersion: true,
  parameters: true,
  status: true,
  error: true,
  jobId: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  durationMs: true,
} satisfies Prisma.AnalysisResultSelect;
export const analysisSelect = { ...analysisSummarySelect, report: true } satisfies Prisma.AnalysisResultSelect;

type SummaryRow = Prisma.AnalysisResultGetPayload<{ select: typeof analysisSummarySelect }>;
type Row = Prisma.AnalysisResultGetPayload<{ select: typeof analysisSelect }>;

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
  const row = await db.analysisResult.findUnique({ where: { id: analysisId }, select: analysisSelect });
  return row && toAnalysisDto(row);
}
