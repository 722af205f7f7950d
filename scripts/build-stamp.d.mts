// Types for scripts/build-stamp.mjs, which plain `node` runs before anything is compiled.
export declare const BUILD_INPUTS: readonly string[];
export declare function sourceHash(root: string): string;
export declare function buildIsCurrent(root: string, distDir: string, hash?: string): boolean;
export declare function recordBuild(root: string, distDir: string, hash: string): void;
