import type { Metafile } from "esbuild";

export function cliBundleProblems(metafile: Metafile): string[];
export function bundleCli(root?: string, entryPoint?: string): Promise<{ files: { path: string; contents: Uint8Array }[]; bytes: number; metafile: Metafile; problems: string[] }>;
