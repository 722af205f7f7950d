/**
 * Gives the event loop back whenever a slice of work has run for `sliceMs`, so an analysis of a
 * long book never holds up the other requests this server process answers.
 */
export class Pacer {
  private since = performance.now();
  /** The longest stretch between two yields, for tests and the benchmark. */
  longestSliceMs = 0;

  constructor(private readonly sliceMs = 5) {}

  async breathe(): Promise<void> {
    const ran = performance.now() - this.since;
    if (ran < this.sliceMs) return;
    this.longestSliceMs = Math.max(this.longestSliceMs, ran);
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }
}
