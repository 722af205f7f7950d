import { lazy } from "../lazy";

/**
 * The interface's words (i18n/translator.ts, every namespace's catalog in both languages) for an
 * e-mail, loaded with the first one worded: a server that sends none, and every test file that
 * reaches a use case telling of mail, never reads them (decision 0518).
 */
export const translations = lazy(() => import("../../i18n/translator"));
