// pandoc-wasm ships no types; this is the part of its API (README, "Modern API") the engine uses.
declare module "pandoc-wasm" {
  export interface PandocResult {
    stdout: string;
    stderr: string;
    warnings: unknown[];
    files: Record<string, Blob | string>;
    mediaFiles: Record<string, Blob | string>;
  }
  export function convert(options: Record<string, unknown>, stdin: string | null, files: Record<string, Blob | string>): Promise<PandocResult>;
}
