/** A first-come, first-served lock: each holder runs after the one before it releases. */
export class Lock {
  #tail: Promise<void> = Promise.resolve();
  #claims = 0;

  /** The holder and those waiting for it: 0 when free (the metrics' database pool, on SQLite). */
  get claims(): number {
    return this.#claims;
  }

  acquire(): Promise<() => void> {
    let released = false;
    let resolveHeld!: () => void;
    const held = new Promise<void>((resolve) => (resolveHeld = resolve));
    this.#claims++;
    const release = () => {
      if (released) return;
      released = true;
      this.#claims--;
      resolveHeld();
    };
    const granted = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => held);
    return granted;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}
