import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileError } from "./errors";

/** A local file's bytes; a missing file, a folder or a forbidden one is a one-line error. */
export function readLocalFile(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw fileError("read", file, error);
  }
}

/** Writes a local file, with the same one-line errors. */
export function writeLocalFile(file: string, bytes: Uint8Array | string): void {
  try {
    writeFileSync(file, bytes);
  } catch (error) {
    throw fileError("write", file, error);
  }
}

/** Makes a folder (and its parents) to write into. */
export function makeFolder(folder: string): void {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw fileError("create", folder, error);
  }
}

/**
 * A local file as a multipart body: the `file` part and the text fields given (those undefined
 * left out). The file is read once, now; the body is built again for each send.
 */
export function fileForm(file: string, fields: Record<string, string | undefined> = {}): () => FormData {
  const bytes = readLocalFile(file);
  return () => {
    const data = new FormData();
    data.set("file", new Blob([new Uint8Array(bytes)]), path.basename(file));
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.set(name, value);
    return data;
  };
}

/** Writes what came down to `output`, or to standard output for "-". Returns where it went. */
export function writeOutput(bytes: Uint8Array, output: string): string {
  if (output === "-") {
    process.stdout.write(bytes);
    return "standard output";
  }
  writeLocalFile(output, bytes);
  return output;
}
