/** A first-come, first-served lock: each holder runs after the one before it releases. */
export class Lock {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
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
