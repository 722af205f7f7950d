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

/** A local file as a multipart `file` part (built again for each send). */
export function filePart(file: string): { name: string; blob: () => Blob } {
  const bytes = readLocalFile(file);
  return { name: path.basename(file), blob: () => new Blob([new Uint8Array(bytes)]) };
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
