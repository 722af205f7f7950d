import { AppError } from "../../errors";
import { formatById, type FormatInfo } from "./formats";
import { isInsideWorker } from "./where";

type PandocModule = typeof import("pandoc-wasm");
type PandocOptions = Record<string, unknown>;

let loading: Promise<PandocModule> | null = null;

/**
 * pandoc-wasm, loaded on first use. It blocks its thread for seconds and holds ~300 MB, so it
 * only ever loads inside a conversion worker (pool.ts), never on a thread that serves requests.
 */
export async function runPandoc(options: PandocOptions, stdin: string | null, files: Record<string, Blob | string> = {}) {
  if (!isInsideWorker()) throw new AppError("internal", "pandoc runs only inside a conversion worker.");
  loading ??= import("pandoc-wasm");
  const pandoc = await loading;
  const result = await pandoc.convert(options, stdin, files);
  if (/^(ERROR|pandoc: )/m.test(result.stderr ?? "")) {
    throw new AppError("corrupt_document", `pandoc could not convert the document: ${result.stderr.trim().slice(0, 500)}`);
  }
  return result;
}

/** A format the engine reads and writes through pandoc, with pandoc's names for it (formats.ts). */
export function pandocFormat(id: string): Extract<FormatInfo, { engine: "pandoc" }> {
  const format = formatById(id);
  // The engine dispatches here only for the table's pandoc formats: anything else is our bug.
  if (format?.engine !== "pandoc") throw new AppError("internal", `"${id}" is not a format pandoc converts for Inkstone.`);
  return format;
}
