import { AppError } from "../errors";
import type { Scope } from "./scopes";

/**
 * The scopes a new token gets: the requested ones, or all the grantor holds when none are asked
 * for. A credential can never hand out a scope it does not hold itself.
 */
export function grantableScopes(held: Iterable<Scope>, requested: readonly Scope[] | undefined): Scope[] {
  const heldSet = new Set(held);
  if (!requested) return [...heldSet];
  // admin stands for every scope (see hasScope), so it may hand out any narrower one.
  const missing = heldSet.has("admin") ? [] : requested.filter((s) => !heldSet.has(s));
  if (missing.length > 0) {
    throw new AppError("insufficient_scope", `You cannot grant scopes you do not hold: ${missing.join(", ")}.`, {
      missing,
    });
  }
  return [...requested];
}
