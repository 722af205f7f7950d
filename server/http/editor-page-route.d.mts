// Types for editor-page-route.mjs, which next.config.mjs imports as plain JavaScript.
export declare const EDITOR_PAGE: string;
export declare const editorPageRewrites: { source: string; destination: string }[];
export declare function editorPageHeaders<R extends { source: string }>(rules: R[]): R[];
export declare function isEditorPageRequest(pathname: string, headers: Headers): boolean;
