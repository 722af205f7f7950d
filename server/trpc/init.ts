import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError, type z } from "zod";
import { authorize, type Operation } from "../auth/scopes";
import type { CollectionSpec } from "../collections";
import { AppError, ERRORS, inputProblems } from "../errors";
import { currentRequestId, log } from "../log.mjs";
import { machineSavedAgain, machineTrouble } from "../machine-trouble";
import type { Context } from "./context";

/**
 * What a procedure declares about itself, read by the middleware (the scope) and by the tests (the
 * parity test maps every operation to its REST endpoint and its procedure; the credential matrix
 * derives what to send from it).
 */
export interface ProcedureMeta {
  /** the scope-table entry this procedure performs */
  operation: Operation;
  /** a list procedure's collection spec: the same object as REST's endpoint declares */
  collection?: CollectionSpec<string, Record<string, z.ZodType>>;
  /** a procedure derived from an endpoint declaration (procedureOf): that endpoint, "METHOD path" */
  derivedFrom?: string;
}

export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: ERRORS[error.code].trpc, message: error.message, cause: error });
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  // The same business code, error name and details as the REST envelope, under `data`.
  errorFormatter({ shape, error }) {
    const appError = error.cause instanceof AppError ? error.cause : null;
    const internal = !appError && error.code === "INTERNAL_SERVER_ERROR";
    return {
      ...shape,
      message: internal ? "Something went wrong on our side." : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        appCode: appError ? ERRORS[appError.code].code : shape.data.httpStatus,
        error: appError?.code ?? null,
        details: appError?.details ?? null,
        // the request's X-Request-Id, which the server's log lines of it carry too
        requestId: currentRequestId() ?? null,
      },
    };
  },
});

/**
 * Converts, once, what use cases throw (AppError) and what input parsing throws (ZodError).
 *
 * Only a ZodError that tRPC's input parser wrapped (code BAD_REQUEST) is the caller's fault and
 * becomes validation_failed (422), or payload_too_large (413) for a size limit. A ZodError under
 * any other code is ours: `.output()` validation wraps its failure as INTERNAL_SERVER_ERROR ("Output validation failed"), and a use case's own
 * parse failing is unexpected too. Those stay INTERNAL_SERVER_ERROR (500) and are logged here; the
 * errorFormatter replaces their message, so no schema internals reach the caller.
 */
const mapErrors = t.middleware(async ({ next, type }) => {
  const result = await next();
  if (result.ok) {
    if (type === "mutation") machineSavedAgain();
    return result;
  }
  const cause = result.error.cause;
  if (cause instanceof AppError) throw toTRPCError(cause);
  if (cause instanceof ZodError && result.error.code === "BAD_REQUEST") {
    throw toTRPCError(inputProblems(cause.issues));
  }
  const trouble = machineTrouble(cause);
  if (trouble) throw toTRPCError(trouble);
  if (result.error.code === "INTERNAL_SERVER_ERROR") log.error({ err: result.error.cause ?? result.error }, "a procedure failed on the server");
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** Every procedure maps errors; none is public today, so this base stays internal. */
const baseProcedure = t.procedure.use(mapErrors);

/** Procedures that need a signed-in caller: the session's or a Bearer token's principal. */
const authedProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.principal) {
    throw toTRPCError(ctx.authError ?? new AppError("unauthenticated", "Sign in, or send a Bearer token."));
  }
  return next({ ctx: { principal: ctx.principal } });
});

/**
 * The base of every procedure: signed in, and holding the operation's scope. The scope is checked
 * here, before the input is parsed (as REST checks it before reading a body), and again by the use
 * case; the operation is kept in the procedure's meta, where the parity test finds it.
 */
export function operationProcedure(operation: Operation, meta: Omit<ProcedureMeta, "operation"> = {}) {
  return authedProcedure.meta({ ...meta, operation }).use(({ ctx, next }) => {
    authorize(ctx.principal, operation);
    return next();
  });
}
