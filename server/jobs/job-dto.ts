import type { JobRecord } from "./queue";
import type { JobDto } from "./schemas";

/** A job as callers see it, with links to poll it and fetch its file. */
export function toJobDto(row: JobRecord): JobDto {
  const self = `/api/v1/jobs/${row.id}`;
  const hasFile = row.fileName !== null && row.fileSize !== null;
  return {
    id: row.id,
    kind: row.kind,
    ownerId: row.ownerId,
    status: row.status,
    progress: row.progress,
    result: row.result === null ? null : JSON.parse(row.result),
    error: row.errorCode === null ? null : { code: row.errorCode, message: row.errorMessage ?? "" },
    file: hasFile ? { name: row.fileName!, mediaType: row.fileMediaType ?? "application/octet-stream", size: row.fileSize! } : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    links: hasFile ? { self, file: `${self}/file` } : { self },
  };
}
