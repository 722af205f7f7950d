import { z } from "zod";
import { SCOPES } from "./scopes";

export const scopeSchema = z.enum(SCOPES);

/** Scopes as a JSON array or as OAuth's space-separated string. */
export const requestedScopesSchema = z
  .union([z.array(scopeSchema), z.string().transform((s) => s.split(/\s+/).filter(Boolean))])
  .pipe(z.array(scopeSchema).min(1, "ask for at least one scope"))
  .transform((scopes) => [...new Set(scopes)]);

// Trimmed and case-folded before it is checked: addresses are often pasted with a stray space.
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email("must be an e-mail address").max(254));

export const passwordSchema = z.string().min(8, "must be at least 8 characters").max(1024);
