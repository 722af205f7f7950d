import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { checkedLookup, RefusedDestination, refusedLiteral } from "./destination";

/** How long a receiver has to answer, connection included; past it the attempt fails. */
export const DELIVERY_DEADLINE_MS = 10_000;
/** What is kept of a receiver's answer: enough to see what it said, never its whole body. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/**
 * A receiver's bytes as text that both databases keep: PostgreSQL refuses NUL in text, and the
 * other control characters (but tab and line ends) only garble the log.
 */
function storable(bytes: Buffer): string {
  return bytes.toString("utf8").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "\ufffd");
}

export interface SendResult {
  statusCode: number | null;
  /** null when the receiver answered 2xx */
  error: string | null;
  durationMs: number;
  responseExcerpt: string | null;
}

/**
 * POSTs one signed body. Redirects are not followed (a 3xx is a failure: a receiver that moved is
 * re-registered by its owner, and a redirect must not lead a delivery into a private network);
 * the answer's first bytes are kept and the rest is not read.
 */
export function sendWebhook(target: string, body: string, headers: Record<string, string>, { allowPrivate, deadlineMs = DELIVERY_DEADLINE_MS }: { allowPrivate: boolean; deadlineMs?: number }): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(target);
  const refused = refusedLiteral(url, allowPrivate);
  if (refused) return Promise.resolve({ statusCode: null, error: refused.message, durationMs: 0, responseExcerpt: null });
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = send(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
      lookup: checkedLookup(allowPrivate),
      // no keep-alive pool: each delivery is its own connection, checked again when it connects
      agent: false,
    });
    const deadline = setTimeout(() => {
      finish({ statusCode: null, error: `no answer within ${deadlineMs / 1000} s`, responseExcerpt: null });
      request.destroy();
    }, deadlineMs);
    deadline.unref();
    request.on("error", (error) => {
      const message = error instanceof RefusedDestination ? error.message : `could not deliver: ${error.message}`;
      finish({ statusCode: null, error: message, responseExcerpt: null });
    });
    request.on("response", (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => {
        const status = response.statusCode ?? 0;
        const excerpt = chunks.length > 0 ? storable(Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES)) : null;
        const ok = status >= 200 && status < 300;
        const error = ok ? null : status >= 300 && status < 400 ? `answered ${status} (redirects are not followed)` : `answered ${status}`;
        finish({ statusCode: status, error, responseExcerpt: excerpt });
        response.destroy();
      };
      response.on("data", (chunk: Buffer) => {
        if (kept < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
        kept += chunk.length;
        if (kept >= RESPONSE_EXCERPT_BYTES) done();
      });
      response.on("end", done);
      response.on("error", done);
    });
    request.end(body);
  });
}
