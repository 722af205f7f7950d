import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CliError } from "./errors";

/** A local file as a multipart `file` part (built again for each send). */
export function filePart(file: string): { name: string; blob: () => Blob } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return { name: path.basename(file), blob: () => new Blob([new Uint8Array(bytes)]) };
}

/** Writes what came down to `output`, or to standard output for "-". Returns where it went. */
export function writeOutput(bytes: Uint8Array, output: string): string {
  if (output === "-") {
    process.stdout.write(bytes);
    return "standard output";
  }
  writeFileSync(output, bytes);
  return output;
}
