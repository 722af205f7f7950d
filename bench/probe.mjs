// The probe of bench/attacks.mjs, in a worker thread of its own: the attacks build and send bodies
// of many MiB on the bench's main thread, and a probe timed there measured the bench's own stalls
// (up to 365 ms in row 8a) as the server's.
import { once } from "node:events";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { percentile, send, sharedController, sleep } from "./attack-http.mjs";

export const PROBE_EVERY_MS = 20;

/**
 * Starts the probe against `base` and resolves once its first answer is in (a worker takes tens of
 * milliseconds to start, longer than some attacks last); `stop()` answers its figures.
 */
export async function startProbe(base, token) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { base, token } });
  await once(worker, "message"); // "ready"
  // Attached at once: the figures come only after "stop".
  const figures = once(worker, "message").then(([message]) => message);
  return {
    async stop() {
      worker.postMessage("stop");
      const result = await figures;
      await worker.terminate();
      return result;
    },
  };
}

/**
 * GET /api/v1/users/me every PROBE_EVERY_MS, one request at a time. A request that comes back
 * late also stands for the ticks it made the probe miss, each waiting from its own tick to that
 * answer (the correction for coordinated omission), so a stall shows in p99 and not only in max.
 */
async function probe({ base, token }) {
  const latencies = [];
  const statuses = new Map();
  let sent = 0;
  let unanswered = 0;
  const failures = new Map();
  let stopped = false;
  const stopper = sharedController();
  const t0 = performance.now();
  const loop = (async () => {
    let tick = 0;
    while (!stopped && sent < 100_000) {
      const due = t0 + tick * PROBE_EVERY_MS;
      await sleep(due - performance.now(), stopper.signal);
      if (stopped) break;
      sent++;
      const answer = await send(base, "GET", "/api/v1/users/me", { token, signal: stopper.signal, stopped: "no answer 2 s after the attack ended", timeoutMs: 600_000 });
      const end = performance.now();
      if (sent === 1) parentPort.postMessage("ready");
      if (answer.status === 0) {
        unanswered++;
        failures.set(answer.error, (failures.get(answer.error) ?? 0) + 1);
      } else statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      latencies.push(end - due);
      for (tick++; t0 + tick * PROBE_EVERY_MS < end; tick++) latencies.push(end - (t0 + tick * PROBE_EVERY_MS));
    }
  })();
  await new Promise((resolve) => parentPort.once("message", resolve));
  // The request in flight gets a moment to come back: stopping is not a failure to answer.
  stopped = true;
  await Promise.race([loop, sleep(2_000)]);
  stopper.abort();
  await loop;
  const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  const other = [...[...statuses].filter(([s]) => s !== 200).map(([s, c]) => `${c}×${s}`), ...[...failures].map(([reason, c]) => `${c} unanswered: ${reason}`)];
  parentPort.postMessage({ sent, unanswered, fivexx, other, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: Math.max(0, ...latencies) });
}

if (!isMainThread) await probe(workerData);
