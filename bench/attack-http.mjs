// The bench's HTTP side, shared by bench/attacks.mjs and its probe (bench/probe.mjs, a worker).
import { setMaxListeners } from "node:events";

const MiB = 1024 * 1024;

export const sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener("abort", done, { once: true });
  });

/** An AbortController whose signal many requests listen to at once (the probe's, an attack's). */
export function sharedController() {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const ms = (value) => (value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value).toLocaleString("en")} ms`);

/**
 * One HTTP request that never throws and never outlives `timeoutMs` or `signal`: answers
 * { status, ms, body, json } or, for no answer, { status: 0, error }.
 */
export async function send(base, method, pathname, { token, json, form, body, headers = {}, signal, stopped = "stopped at the attack's time limit", timeoutMs = 60_000 } = {}) {
  const started = performance.now();
  const signals = [AbortSignal.timeout(Math.ceil(timeoutMs)), ...(signal ? [signal] : [])];
  try {
    const response = await fetch(`${base}${pathname}`, {
      method,
      headers: {
        accept: "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(json !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: json !== undefined ? (Buffer.isBuffer(json) ? json : JSON.stringify(json)) : (form ?? body),
      signal: AbortSignal.any(signals),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const result = { status: response.status, ms: performance.now() - started, size: bytes.length };
    if ((response.headers.get("content-type") ?? "").includes("json") && bytes.length < 4 * MiB) {
      try {
        result.json = JSON.parse(bytes.toString("utf8"));
      } catch {}
    }
    return result;
  } catch (error) {
    const elapsed = performance.now() - started;
    const reason = signal?.aborted && !signals[0].aborted ? stopped : signals[0].aborted ? `no answer within ${ms(timeoutMs)}` : String(error?.cause?.code ?? error?.message ?? error);
    return { status: 0, ms: elapsed, error: reason };
  }
}
