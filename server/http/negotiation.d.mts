// Types for negotiation.mjs, which next.config.mjs imports as plain JavaScript.
type Condition = { type: "header"; key: string; value: string };
export declare const PAGE_PATHS: readonly string[];
export declare const HAS_AUTHORIZATION: readonly Condition[];
export declare const PAGE_SIGNALS: readonly Condition[];
export declare const API_ONLY_BOOKS_PATH: string;
export declare function wantsPage(pathname: string, headers: Headers): boolean;
