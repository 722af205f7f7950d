// Types for security-headers.mjs, which next.config.mjs imports as plain JavaScript.
export declare const COMMON_HEADERS: Record<string, string>;
export declare const API_HEADERS: Record<string, string>;
export declare const API_SOURCES: readonly string[];
export declare function pagePolicy(nonce: string, development: boolean): string;
