import type { Scope } from "@/server/auth/scopes";
import type { Messages } from "@/i18n/catalog";

/** What each scope lets a token do, in a writer's words: settings.tokens.scopeLabels in the catalogs. */
export type ScopeLabels = Messages["settings"]["tokens"]["scopeLabels"];
export type EveryScopeLabelled = AssertLabelled<ScopeLabels>;
type AssertLabelled<T extends Record<Scope, string>> = T;
