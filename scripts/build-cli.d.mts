import type { Metafile } from "esbuild";

export function cliBundleProblems(metafile: Metafile): string[];
export function bundleCli(root?: string, entryPoint?: string): Promise<{ path: string; contents: Uint8Array; metafile: Metafile; problems: string[] }>;
