import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { getErrorShape } from "@trpc/server/unstable-core-do-not-import";
import { AppError, ERRORS } from "../errors";
import { log } from "../log.mjs";
import { machineTrouble } from "../machine-trouble";
import { cutOffRequest } from "../request/cut-off";
import { toTRPCError } from "./init";
import { appRouter } from "./root";

/**
 * A failure met on the tRPC path before any procedure runs (a method tRPC does not serve, a body
 * too large or not JSON), in tRPC's own error shape, as the errorFormatter makes it: a tRPC
 * client reads the REST envelope as a broken answer.
 */
export function trpcTransportFailure(error: unknown, request: Request, headers: Record<string, string> = {}): Response {
  const known = error instanceof TRPCError || error instanceof AppError ? error : (machineTrouble(error) ?? cutOffRequest(error));
  const trpcError =
    known instanceof TRPCError
      ? known
      : known instanceof AppError
        ? toTRPCError(known)
        : new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Something went wrong on our side.", cause: error });
  if (!known) log.error({ err: error }, "a tRPC request failed on the server");
  const appError = trpcError.cause instanceof AppError ? trpcError.cause : null;
  const shape = getErrorShape({
    config: appRouter._def._config,
    error: trpcError,
    type: "unknown",
    path: procedurePath(request),
    input: undefined,
    ctx: undefined,
  });
  const status = appError ? ERRORS[appError.code].status : getHTTPStatusCodeFromError(trpcError);
  const extra: Record<string, string> = { ...headers };
  if (appError?.retryAfter !== undefined) extra["retry-after"] = String(appError.retryAfter);
  return Response.json({ error: shape }, { status, headers: extra });
}

function procedurePath(request: Request): string | undefined {
  const path = new URL(request.url).pathname.replace(/^\/api\/trpc\/?/, "");
  try {
    return decodeURIComponent(path) || undefined;
  } catch {
    return undefined;
  }
}
