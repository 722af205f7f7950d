import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";

/** A first-come, first-served lock: each holder runs after the one before it releases. */
class Lock {
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

/**
 * The better-sqlite3 adapter keeps one connection per process and locks it only for
 * transactions: a statement sent while another request's transaction is open runs inside that
 * transaction, and is undone with it if it rolls back — after its own request was answered.
 * Here every statement waits for the connection, so no acknowledged write can be lost that way.
 */
export function sqliteAdapter(url: string): SqlDriverAdapterFactory {
  const factory = new PrismaBetterSQLite3({ url });
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect() {
      const adapter = await factory.connect();
      // WAL lets readers go on during a save. better-sqlite3 builds WAL with synchronous=NORMAL,
      // which can lose the last commits in a power cut; FULL syncs each commit before it returns.
      await adapter.executeScript("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
      return serialized(adapter);
    },
  };
}

function serialized(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const lock = new Lock();
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: (query) => lock.run(() => adapter.queryRaw(query)),
    executeRaw: (query) => lock.run(() => adapter.executeRaw(query)),
    executeScript: (script) => lock.run(() => adapter.executeScript(script)),
    getConnectionInfo: adapter.getConnectionInfo?.bind(adapter),
    dispose: () => lock.run(() => adapter.dispose()),
    async startTransaction(isolationLevel) {
      const release = await lock.acquire();
      try {
        return heldUntilEnd(await adapter.startTransaction(isolationLevel), release);
      } catch (error) {
        release();
        throw error;
      }
    },
  };
}

/** The transaction keeps the connection until it commits or rolls back. */
function heldUntilEnd(transaction: Transaction, release: () => void): Transaction {
  return {
    provider: transaction.provider,
    adapterName: transaction.adapterName,
    options: transaction.options,
    queryRaw: (query) => transaction.queryRaw(query),
    executeRaw: (query) => transaction.executeRaw(query),
    commit: () => transaction.commit().finally(release),
    rollback: () => transaction.rollback().finally(release),
  };
}
