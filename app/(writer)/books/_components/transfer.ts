import { fileNameOf } from "@/server/http/content-disposition";
import type { Problems } from "../../../_components/problem";

/**
 * Uploads and downloads for Import and Export. XMLHttpRequest rather than fetch: it reports an
 * upload's progress, which a large manuscript needs. Failures arrive as the API's envelope.
 */

export interface Transfer {
  status: number;
  /** the parsed JSON envelope, or null for a file */
  body: { data?: unknown; error?: string; msg?: string; details?: unknown } | null;
  blob: Blob | null;
  fileName: string | null;
}

/** fraction in 0…1, or null while the size is unknown */
export type OnProgress = (phase: "upload" | "download" | "convert", fraction: number | null) => void;

/** No answer came: `send` rejects with this, which useTransfer words in the page's language. */
export class TransferUnreachable extends Error {
  constructor() {
    // Not shown: useTransfer says networkProblem()'s sentence, in the page's language, instead.
    super("No answer came from the server.");
  }
}

export function send(method: "GET" | "POST", url: string, body: FormData | null, onProgress: OnProgress): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.responseType = "blob";
    xhr.setRequestHeader("accept", "*/*");
    xhr.upload.onprogress = (event) => onProgress("upload", event.lengthComputable ? event.loaded / event.total : null);
    xhr.upload.onload = () => onProgress("convert", null);
    xhr.onprogress = (event) => onProgress("download", event.lengthComputable ? event.loaded / event.total : null);
    xhr.onerror = () => reject(new TransferUnreachable());
    xhr.onload = async () => {
      const blob = xhr.response as Blob;
      const isJson = (xhr.getResponseHeader("content-type") ?? "").startsWith("application/json");
      resolve({
        status: xhr.status,
        body: isJson ? JSON.parse(await blob.text()) : null,
        blob: isJson ? null : blob,
        fileName: fileNameOf(xhr.getResponseHeader("content-disposition")),
      });
    };
    xhr.send(body);
  });
}

/** A sentence for a failed transfer, in the page's language (`problems` from useProblems()): the code's sentence and the server's detail. */
export function failureSentence(transfer: Transfer, problems: Pick<Problems, "describeAnswer">): string {
  return problems.describeAnswer(transfer.status, transfer.body, { withDetail: "all" }).message;
}

interface JobData {
  id: string;
  status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
  progress: number;
  error: { code: string; message: string } | null;
  /** the job's one address, and its file's once it has one */
  links: { self: string; file?: string };
}

/** Follows a 202's job until it finishes, then downloads its file. */
export async function followJob(job: JobData, onProgress: OnProgress): Promise<Transfer> {
  let current = job;
  while (current.status === "queued" || current.status === "running") {
    onProgress("convert", current.progress || null);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const polled = await send("GET", current.links.self, null, () => {});
    if (polled.status !== 200) return polled;
    current = (polled.body?.data as JobData) ?? current;
  }
  if (current.status === "failed" || current.status === "cancelled") {
    return { status: 422, body: { error: current.error?.code, msg: current.error?.message }, blob: null, fileName: null };
  }
  return send("GET", current.links.file ?? `${current.links.self}/file`, null, onProgress);
}

/** Hands a downloaded file to the browser's own download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
