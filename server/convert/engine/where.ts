/** Whether this code runs inside a conversion worker (set once by the worker's entry, server/compose/worker.ts), where pandoc may load. */
let insideWorker = false;

export function markInsideWorker(): void {
  insideWorker = true;
}

export function isInsideWorker(): boolean {
  return insideWorker;
}
