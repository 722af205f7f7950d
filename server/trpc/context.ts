import type { Principal } from "../auth/principal";
import { AppError } from "../errors";
import { principalFromRequest } from "../auth/principal-from-request";

export interface Context {
  principal: Principal | null;
  /** why a credential that was sent did not resolve; reported only by procedures that need one */
  authError: AppError | null;
}

/** A context without a request, for tests and server components: `createCaller(createContextInner(…))`. */
export function createContextInner(options: { principal: Principal | null; authError?: AppError | null }): Context {
  return { principal: options.principal, authError: options.authError ?? null };
}

export async function createContext({ req }: { req: Request }): Promise<Context> {
  try {
    return createContextInner({ principal: await principalFromRequest(req) });
  } catch (error) {
    if (error instanceof AppError) return createContextInner({ principal: null, authError: error });
    throw error;
  }
}
