import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileError } from "./errors";
import type { FormField } from "./multipart";

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

/** A local file as a multipart body's fields: the `file` field and the text fields given (those undefined left out). */
export function fileForm(file: string, fields: Record<string, string | undefined> = {}): FormField[] {
  return [
    { name: "file", file: readLocalFile(file), fileName: path.basename(file) },
    ...Object.entries(fields).flatMap(([name, text]) => (text === undefined ? [] : [{ name, text }])),
  ];
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
